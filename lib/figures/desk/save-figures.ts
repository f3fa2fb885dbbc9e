// Writes an extractor run over one article into its figures: existing
// extracted figures are matched by span (span_start, span_end) and keep their
// verdict, version, dismissal and corrected field groups; new spans become
// figures; unmatched ones without a verdict or correction are removed.
// Figures an editor added (origin "added") are never written here.
import 'server-only';
import { randomUUID } from 'node:crypto';
import type { Prisma } from '../../generated/prisma/client';
import type { Tx } from '../../db';
import { log } from '../../log';
import { type ExtractedFigure, FIGURES_VERSION } from '../extract-figures';
import type { FigureCorrectable } from '../../validation/figures';
import { correctedFieldsOf } from './figure-dto';
import { insertFigureRows } from './insert-figures';

export type SaveFiguresResult = {
  created: number;
  /** Existing extracted figures found again by span. */
  kept: number;
  removedIds: string[];
};

const spanKey = (start: number, end: number) => `${start}:${end}`;

/** What the figures_numbers_check and figures_span_check constraints require: an extractor slip drops one figure, never an import. */
export function usable(x: ExtractedFigure, body: string): boolean {
  const finite = (n: number | null) => n === null || Number.isFinite(n);
  if (![x.value, x.min, x.max].every(finite)) return false;
  const has = { value: x.value !== null, min: x.min !== null, max: x.max !== null };
  const needs: Record<ExtractedFigure['qualifier'], [boolean, boolean, boolean]> = {
    exact: [true, false, false],
    about: [true, false, false],
    more_than: [false, true, false],
    at_least: [false, true, false],
    fewer_than: [false, false, true],
    at_most: [false, false, true],
    between: [false, true, true],
  };
  const [value, min, max] = needs[x.qualifier];
  if (has.value !== value || has.min !== min || has.max !== max) return false;
  if (x.qualifier === 'between' && x.min !== null && x.max !== null && x.min > x.max) return false;
  return Number.isInteger(x.spanStart) && Number.isInteger(x.spanEnd) && x.spanStart >= 0 && x.spanStart < x.spanEnd && x.spanEnd <= body.length;
}

const dayOf = (iso: string | null) => (iso ? new Date(`${iso}T00:00:00Z`) : null);

/** The extraction's columns by correctable group (a corrected group keeps the editor's values). */
function groups(x: ExtractedFigure): Record<FigureCorrectable, Prisma.FigureUncheckedUpdateInput> {
  return {
    numbers: { qualifier: x.qualifier, value: x.value, minValue: x.min, maxValue: x.max, approximate: x.approximate, unit: x.unit },
    counted: { counted: x.counted },
    attribution: { attribution: x.attribution, source: x.source, relayedBy: x.relayedBy },
    time: { timeText: x.timeText, timeDate: dayOf(x.timeDate) },
  };
}

/** Columns the extraction always sets: where the sentence is, the phrase as written, which extractor read it. */
function always(x: ExtractedFigure, body: string) {
  return {
    countedText: x.countedText,
    sentenceStart: Math.max(0, Math.min(x.sentenceStart, x.spanStart)),
    sentenceEnd: Math.min(body.length, Math.max(x.sentenceEnd, x.spanEnd)),
    extractorVersion: FIGURES_VERSION,
  };
}

/** An extracted figure at a span no figure holds yet, as insertFigureRows writes it. */
export type NewFigureRow = ReturnType<typeof newFigureRow>;

/** A figure row for an extracted figure at a span no figure holds yet. */
export function newFigureRow(at: { id: string; claimId: string; body: string; ordinal: number }, x: ExtractedFigure) {
  return {
    id: at.id,
    claimId: at.claimId,
    ordinal: at.ordinal,
    origin: 'extracted' as const,
    spanStart: x.spanStart,
    spanEnd: x.spanEnd,
    ...always(x, at.body),
    qualifier: x.qualifier,
    value: x.value,
    minValue: x.min,
    maxValue: x.max,
    approximate: x.approximate,
    unit: x.unit,
    counted: x.counted,
    attribution: x.attribution,
    source: x.source,
    relayedBy: x.relayedBy,
    timeText: x.timeText,
    timeDate: dayOf(x.timeDate),
  } satisfies Prisma.FigureCreateManyInput;
}

export async function saveFigures(tx: Tx, options: { claimId: string; body: string; extracted: readonly ExtractedFigure[] }): Promise<SaveFiguresResult> {
  const { claimId, body } = options;
  const existing = await tx.figure.findMany({ where: { claimId }, select: { id: true, origin: true, spanStart: true, spanEnd: true, correctedFields: true } });
  const bySpan = new Map(existing.map((f) => [spanKey(f.spanStart, f.spanEnd), f]));

  // The figure id of each extracted index (null: dropped), for supersededBy.
  const ids: Array<string | null> = [];
  const creates: NewFigureRow[] = [];
  const matched = new Set<string>();
  const seen = new Set<string>();
  let dropped = 0;
  for (const x of options.extracted) {
    const key = spanKey(x.spanStart, x.spanEnd);
    if (!usable(x, body) || seen.has(key)) {
      ids.push(null);
      dropped++;
      continue;
    }
    seen.add(key);
    const row = bySpan.get(key);
    if (row?.origin === 'added') {
      // An editor's figure holds this span; it stands as they made it.
      ids.push(row.id);
      continue;
    }
    if (row) {
      ids.push(row.id);
      matched.add(row.id);
      const kept = new Set(correctedFieldsOf(row));
      let data: Prisma.FigureUncheckedUpdateInput = always(x, body);
      for (const [group, columns] of Object.entries(groups(x)) as Array<[FigureCorrectable, Prisma.FigureUncheckedUpdateInput]>) {
        if (!kept.has(group)) data = { ...data, ...columns };
      }
      await tx.figure.update({ where: { id: row.id }, data });
      continue;
    }
    const id = randomUUID();
    ids.push(id);
    creates.push(newFigureRow({ id, claimId, body, ordinal: creates.length }, x));
  }
  if (dropped > 0) log.warn({ claimId, dropped }, 'extractor output refused (numbers or span out of shape)');
  await insertFigureRows(tx, creates);

  // Extracted figures not found again. Those with a verdict or a correction
  // stay (their extractor_version stays older than FIGURES_VERSION: the claim
  // page can mark them "no longer found by the extractor"); the others go.
  // The condition is re-checked under the row lock, so a verdict committed
  // meanwhile keeps its figure.
  const unmatched = existing.filter((f) => f.origin === 'extracted' && !matched.has(f.id)).map((f) => f.id);
  const removed =
    unmatched.length === 0
      ? []
      : await tx.$queryRaw<{ id: string }[]>`
          DELETE FROM figures WHERE id = ANY(${unmatched}::uuid[]) AND status = 'unreviewed' AND cardinality(corrected_fields) = 0
          RETURNING id::text AS id`;

  // Ordinals by span order over all the article's figures, and "superseded
  // by" as this run says for the figures it extracted. Skipped on a first
  // extraction without supersessions: the inserts already say it.
  const superseded = options.extracted.map((x, i) => (ids[i] === null || x.supersededBy === null ? null : (ids[x.supersededBy] ?? null)));
  const created = new Set(creates.map((c) => c.id));
  // Only figures this run wrote (never an editor's): a figure cannot supersede itself.
  const touched = ids.flatMap((id, i) =>
    id !== null && (matched.has(id) || created.has(id)) ? [{ id, sup: superseded[i] === id ? null : (superseded[i] ?? null) }] : [],
  );
  if (existing.length > 0 || touched.some((t) => t.sup !== null)) {
    await tx.$executeRaw`
      UPDATE figures f
      SET ordinal = r.n,
          superseded_by_id = CASE WHEN v.id IS NULL THEN f.superseded_by_id ELSE v.sup END
      FROM (SELECT id, (row_number() OVER (ORDER BY span_start, span_end, id) - 1)::int AS n FROM figures WHERE claim_id = ${claimId}::uuid) r
        LEFT JOIN unnest(${touched.map((t) => t.id)}::uuid[], ${touched.map((t) => t.sup)}::uuid[]) AS v(id, sup) ON v.id = r.id
      WHERE f.id = r.id`;
  }
  return { created: creates.length, kept: matched.size, removedIds: removed.map((r) => r.id) };
}
