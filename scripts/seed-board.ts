// `npx tsx --import ./scripts/register-server-only.mjs scripts/seed-board.ts [--list]`: the seed story's
// figures board built from the five seed articles (prepareArticle + extractFigures + buildBoard), without a
// database: what a reviewer sees on the board after `npm run db:seed`, for measuring extraction and source folding.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { prepareArticle } from '../lib/articles/prepare-article';
import { buildBoard } from '../lib/figures/board';
import { extractFigures } from '../lib/figures/extract-figures';
import type { FigureDto } from '../lib/validation/figures';

const list = process.argv.includes('--list');
const files = readdirSync('seeds')
  .filter((f) => f.endsWith('.txt'))
  .sort();
const dtos: FigureDto[] = [];
for (const file of files) {
  const p = prepareArticle({ content: { bytes: readFileSync(path.join('seeds', file)) }, fileName: file });
  const publishedAt = '2019-02-24T12:00:00.000Z';
  const figures = extractFigures({ body: p.body, language: p.language, publishedAt: new Date(publishedAt) });
  const ids = figures.map((_, i) => `${file}#${i}`);
  figures.forEach((f, i) => {
    dtos.push({
      id: ids[i] as string,
      claimId: file,
      storyId: 'seed',
      ordinal: i,
      origin: 'extracted',
      unit: f.unit,
      counted: f.counted,
      countedText: f.countedText,
      qualifier: f.qualifier,
      value: f.value,
      min: f.min,
      max: f.max,
      approximate: f.approximate,
      attribution: { text: f.attribution, source: f.source, relayedBy: f.relayedBy },
      time: { text: f.timeText, date: f.timeDate },
      span: { start: f.spanStart, end: f.spanEnd, text: p.body.slice(f.spanStart, f.spanEnd) },
      sentence: { start: f.sentenceStart, end: f.sentenceEnd, text: p.body.slice(f.sentenceStart, f.sentenceEnd) },
      supersededById: f.supersededBy === null ? null : (ids[f.supersededBy] ?? null),
      correctedFields: [],
      dismissed: false,
      status: 'unreviewed',
      version: 1,
      reason: null,
      evidence: [],
      reReviewAt: null,
      decidedBy: null,
      decidedAt: null,
      article: { title: file, language: p.language, direction: p.language === 'ar' ? 'rtl' : 'ltr', outlet: null, publishedAt },
    });
  });
}
for (const g of buildBoard(dtos)) {
  console.log(`${g.summary} | conflicts ${g.conflictCount}`);
  if (list && g.counted === 'people_defected')
    for (const id of g.figureIds) {
      const f = dtos.find((d) => d.id === id) as FigureDto;
      console.log(
        `   ${id} ${JSON.stringify(f.span.text)} ${f.value ?? f.min} src=${JSON.stringify(f.attribution.source)} attr=${JSON.stringify(f.attribution.text)}`,
      );
    }
}
