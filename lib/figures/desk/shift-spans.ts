// When a seed's text changes (claim.updated), the figures after the change
// move with their text before the article is extracted again, so matching by
// span still finds them: an edit in the first paragraph must not cost the
// verdicts of the figures below it. The text before and after the edit is
// what the old and new bodies share at their start and end; a figure inside
// the edited stretch keeps its offsets (re-extraction then removes it unless
// it has a verdict, a correction, or an editor added it).
import 'server-only';
import type { Tx } from '../../db';

/** Past any body offset: the first step parks moved rows here, so no two rows ever hold one span at once (the unique index is checked row by row). */
const PARK = 1_000_000_000;

/** How an edit moved the text: offsets at or after `from` (old body) move by `delta`. Null when nothing moves. */
export function editShift(before: string, after: string): { from: number; delta: number } | null {
  const delta = after.length - before.length;
  const max = Math.min(before.length, after.length);
  let prefix = 0;
  while (prefix < max && before.charCodeAt(prefix) === after.charCodeAt(prefix)) prefix++;
  let suffix = 0;
  while (suffix < max - prefix && before.charCodeAt(before.length - 1 - suffix) === after.charCodeAt(after.length - 1 - suffix)) suffix++;
  const from = before.length - suffix;
  if (delta === 0 || suffix === 0) return null;
  return { from, delta };
}

/** Moves the claim's figures that sit after the edit (the caller holds lockClaimFigures). */
export async function shiftFigureSpans(tx: Tx, claimId: string, before: string, after: string): Promise<number> {
  const shift = editShift(before, after);
  if (!shift || before.length >= PARK || after.length >= PARK) return 0;
  const by = PARK + shift.delta;
  const moved = await tx.$executeRaw`
    UPDATE figures SET
      span_start = span_start + ${by}::int, span_end = span_end + ${by}::int, sentence_end = sentence_end + ${by}::int,
      sentence_start = sentence_start + CASE WHEN sentence_start >= ${shift.from}::int THEN ${by}::int ELSE 0 END
    WHERE claim_id = ${claimId}::uuid AND span_start >= ${shift.from}::int`;
  if (moved === 0) return 0;
  await tx.$executeRaw`
    UPDATE figures SET
      span_start = span_start - ${PARK}::int, span_end = span_end - ${PARK}::int, sentence_end = sentence_end - ${PARK}::int,
      sentence_start = sentence_start - CASE WHEN sentence_start >= ${PARK}::int THEN ${PARK}::int ELSE 0 END
    WHERE claim_id = ${claimId}::uuid AND span_start >= ${PARK}::int`;
  return moved;
}
