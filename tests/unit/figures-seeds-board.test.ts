// The seeds' figures board as a reviewer opens it (issue 31, "Done when"): the
// five seed articles as imported, their figures as extracted, the board built
// from them. Every defection figure the issue lists is in Defections; the
// army's size, the militia and the countries are not; and Defections lists
// only real disagreements, at most 10.
import { describe, expect, it } from 'vitest';
import { buildBoard } from '@/lib/figures/board';
import { extractFigures } from '@/lib/figures/extract-figures';
import type { FigureDto } from '@/lib/validation/figures';
import { loadSeedLabels } from '../fixtures/figures/labelled-set';

const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

function seedFigures(): FigureDto[] {
  const out: FigureDto[] = [];
  let n = 0;
  for (const seed of loadSeedLabels()) {
    const title = seed.body.split('\n')[0] ?? seed.file;
    const extracted = extractFigures({ body: seed.body, language: seed.detectedLanguage, publishedAt: seed.publishedAt });
    const ids = extracted.map(() => uuid(++n));
    extracted.forEach((f, i) => {
      out.push({
        id: ids[i] as string,
        claimId: seed.file,
        storyId: 'seeds',
        ordinal: i,
        origin: 'extracted',
        qualifier: f.qualifier,
        value: f.value,
        min: f.min,
        max: f.max,
        approximate: f.approximate,
        unit: f.unit,
        counted: f.counted,
        countedText: f.countedText,
        attribution: { text: f.attribution, source: f.source, relayedBy: f.relayedBy },
        time: { text: f.timeText, date: f.timeDate },
        span: { start: f.spanStart, end: f.spanEnd, text: seed.body.slice(f.spanStart, f.spanEnd) },
        sentence: { start: f.sentenceStart, end: f.sentenceEnd, text: seed.body.slice(f.sentenceStart, f.sentenceEnd) },
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
        article: { title, language: seed.detectedLanguage, direction: 'ltr', outlet: null, publishedAt: seed.publishedAt?.toISOString() ?? null },
      });
    });
  }
  return out;
}

const figures = seedFigures();
const groups = buildBoard(figures);
const defections = groups.find((g) => g.counted === 'people_defected');
const inDefections = new Set(defections?.figureIds ?? []);
const byId = new Map(figures.map((f) => [f.id, f]));
const shown = (f: FigureDto) => `${f.span.text} [${f.claimId.slice(0, 3)}]`;

describe('the seeds board', () => {
  it('files every defection figure of issue 13 under Defections', () => {
    const values = [...inDefections].map((id) => byId.get(id) as FigureDto);
    for (const v of [4, 23, 60, 104, 156, 567])
      expect(
        values.some((f) => f.value === v),
        `${v}`,
      ).toBe(true);
    expect(values.some((f) => f.qualifier === 'more_than' && f.min === 100)).toBe(true);
  });

  it('keeps the army, the militia and the countries out of Defections', () => {
    const out = figures.filter(
      (f) =>
        f.value === 365_315 ||
        f.value === 1_600_000 ||
        f.counted === 'countries' ||
        (f.value === 50 && /pa[ií]s|countr|стран|دول/iu.test(f.span.text + f.sentence.text)),
    );
    expect(out.length).toBeGreaterThanOrEqual(3);
    for (const f of out) expect(inDefections.has(f.id), shown(f)).toBe(false);
  });

  it('lists at most 10 conflicts in Defections, the real disagreements among them, each with its reason', () => {
    const conflicts = defections?.conflicts ?? [];
    expect(defections?.conflictCount ?? conflicts.length).toBeLessThanOrEqual(10);
    const label = (id: string) => {
      const f = byId.get(id) as FigureDto;
      return f.qualifier === 'about' ? `~${f.value}` : f.qualifier === 'more_than' ? `>${f.min}` : `${f.value}`;
    };
    const pairs = new Set(conflicts.map((c) => [label(c.a), label(c.b)].sort().join(' vs ')));
    // 60 (Migração da Colômbia, Saturday) against the larger counts of other sources; Rubio's 156 against 567 and ≈104.
    for (const real of ['156 vs 60', '60 vs ~104', '60 vs >100', '156 vs 567', '156 vs ~104']) expect(pairs, real).toContain(real);
    // The breakdown (20 soldiers + 3 police of the 23) and counts of another scope (4 at a bridge against 567) are never conflicts.
    expect(pairs).not.toContain('20 vs 3');
    const breakdowns = (defections?.breakdowns ?? []).map((b) => `${label(b.totalId)} = ${b.partIds.map(label).join(' + ')}`);
    expect(breakdowns).toContain('23 = 20 + 3');
    expect(pairs).not.toContain('4 vs 567');
    for (const c of conflicts) {
      expect(c.kind).toBe('sources_disagree');
      expect(c.why).toMatch(/^[^\n]+\.$/u);
    }
  });
});
