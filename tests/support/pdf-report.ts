// A verdict report of one story drawn without the database: its figures board
// (sources in Arabic and Latin script, Arabic and English sentences) and a few
// claims, for the PDF's tests (tests/unit/pdf-report.test.ts) and for looking
// at the PDF by eye.
import { Readable } from 'node:stream';
import { reportBoard, type ReportBoard } from '../../lib/exports/board-report';
import type { ExportClaim } from '../../lib/exports/export-claims';
import { pdfStream } from '../../lib/exports/formats/pdf';
import type { FigureDto } from '../../lib/validation/figures';

let n = 0;
type Given = {
  claim: string;
  sentence: string;
  span: string;
  value: number;
  source: string;
  lang: 'ar' | 'en';
  date: string;
  qualifier?: FigureDto['qualifier'];
};

export function figure(g: Given): FigureDto {
  n++;
  const start = 10 + g.sentence.indexOf(g.span);
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    claimId: g.claim,
    storyId: 's',
    ordinal: n,
    origin: 'extracted',
    qualifier: g.qualifier ?? 'exact',
    value: g.value,
    min: null,
    max: null,
    approximate: false,
    unit: null,
    counted: 'people_killed',
    countedText: null,
    attribution: { text: g.source, source: g.source, relayedBy: null },
    time: { text: null, date: g.date },
    span: { start, end: start + g.span.length, text: g.span },
    sentence: { start: 9, end: 10 + g.sentence.length, text: ` ${g.sentence}` },
    supersededById: null,
    correctedFields: [],
    dismissed: false,
    status: 'unreviewed',
    version: 1,
    reason: null,
    evidence: [],
    reReviewAt: null,
    decidedBy: null,
    decidedAt: null,
    article: { title: `Article ${g.claim}`, language: g.lang, direction: g.lang === 'ar' ? 'rtl' : 'ltr', outlet: null, publishedAt: null },
  };
}

// Long Arabic names side by side in the legend, and as the label of each chart row.
export const ARABIC_SOURCES = [
  'المرصد السوري لحقوق الإنسان في المملكة المتحدة',
  'وزارة الصحة في الحكومة السورية المؤقتة',
  'الدفاع المدني السوري (الخوذ البيضاء)',
];

export function reportFigures(): FigureDto[] {
  const [observatory = '', ministry = '', whiteHelmets = ''] = ARABIC_SOURCES;
  return [
    figure({ claim: 'a', lang: 'ar', source: observatory, value: 42, span: '42', date: '2024-12-08', sentence: 'قال المرصد إن 42 شخصا قتلوا في القصف.' }),
    figure({ claim: 'b', lang: 'ar', source: ministry, value: 45, span: '45', date: '2024-12-08', sentence: 'أعلنت الوزارة مقتل 45 شخصا في المدينة.' }),
    figure({ claim: 'c', lang: 'ar', source: whiteHelmets, value: 44, span: '44', date: '2024-12-09', sentence: 'انتشلت فرق الدفاع المدني 44 جثة.' }),
    figure({ claim: 'd', lang: 'en', source: 'Reuters', value: 43, span: '43', date: '2024-12-09', sentence: 'Reuters counted 43 dead after the strike.' }),
    figure({
      claim: 'e',
      lang: 'en',
      source: 'United Nations Office for the Coordination of Humanitarian Affairs',
      value: 40,
      span: '40',
      date: '2024-12-10',
      sentence: 'OCHA said 40 people were killed.',
    }),
  ];
}

export const board = (): ReportBoard => reportBoard({ id: 's', title: 'قصف إدلب — Idlib strike', articles: 5, figures: reportFigures() });

export function claim(i: number, over: Partial<ExportClaim> = {}): ExportClaim {
  return {
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    sourceKey: `k${i}`,
    title: `Claim ${i}: the strike killed dozens`,
    language: 'en',
    direction: 'ltr',
    outlet: 'Reuters',
    byline: null,
    articleUrl: 'https://example.org/a',
    publishedAt: '2024-12-09T00:00:00.000Z',
    status: 'disputed',
    reason: 'The counts differ by source.',
    evidence: [],
    decidedBy: { name: 'Ana', email: 'ana@example.org' },
    decidedAt: '2024-12-10T00:00:00.000Z',
    reReviewAt: null,
    version: 1,
    storyId: 's',
    storyTitle: 'Idlib strike',
    createdAt: '2024-12-09T00:00:00.000Z',
    updatedAt: '2024-12-10T00:00:00.000Z',
    history: [
      { seq: 1, status: 'disputed', previousStatus: 'unreviewed', reason: 'The counts differ.', by: 'Ana', at: '2024-12-10T00:00:00.000Z', evidence: [] },
    ],
    figures: [],
    ...over,
  };
}

export const claims = (): ExportClaim[] => [
  claim(1),
  claim(2, { title: 'قال المرصد إن 42 شخصا قتلوا في القصف', language: 'ar', direction: 'rtl', reason: 'الأرقام مختلفة' }),
  claim(3),
];

/** The PDF report of the story, with its board. */
export async function reportPdf(): Promise<Buffer> {
  const audit = { seq: 7, hash: 'a'.repeat(64), checkpoint: null };
  const meta = { exportedAt: '2024-12-11T00:00:00.000Z', exportedBy: 'Ana', filters: {}, story: { id: 's', title: 'Idlib strike' }, count: 3, audit };
  const counts = { unreviewed: 0, verified: 0, disputed: 3, outdated: 0 };
  const stream = pdfStream(Readable.from(claims()), meta, counts, 'Desk', Readable.from([board()]));
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
