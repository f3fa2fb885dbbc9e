// The titles (and languages, to show them in their own script) of a few claims
// by id: what the story page needs to name the other side of a suggestion,
// whose articles it does not list. Bounded by the caller's ids (≤ a few dozen).
import 'server-only';
import { db } from '../db';

export type ClaimTitle = { title: string; language: string };

const MAX_IDS = 500;

export async function claimTitles(ids: readonly string[]): Promise<Record<string, ClaimTitle>> {
  const unique = [...new Set(ids)].slice(0, MAX_IDS);
  if (unique.length === 0) return {};
  const rows = await db.claim.findMany({ where: { id: { in: unique } }, select: { id: true, title: true, language: true } });
  return Object.fromEntries(rows.map((r) => [r.id, { title: r.title, language: r.language }]));
}
