// Extracts the figures of articles no extractor of the current FIGURES_VERSION
// has read: claims from before figures existed (an existing desk on its next
// `npm start`), bulk imports, and every claim after the extractor changes.
// One claim per transaction, in id order, as lib/stories/desk/backfill.ts
// groups them; each change published after its commit.
import 'server-only';
import { db } from '../../db';
import { log } from '../../log';
import { CLAIM_SUMMARY_SELECT, toClaimSummary } from '../../dto/claim-summary';
import { publishChange } from '../../realtime/publish';
import { FIGURES_VERSION } from '../extract-figures';
import { lockClaimFigures } from './lock';
import { extractClaimFigures } from './reextract';

const PAGE = 200;
const LOG_EVERY = 100;

/** Extracts one stored claim's figures unless the current extractor has read it; whether it ran. */
export async function reextractStoredClaim(claimId: string): Promise<boolean> {
  const done = await db.$transaction(
    async (tx) => {
      // Locked before it is read: a concurrent run over the same claim waits, then finds it done.
      await lockClaimFigures(tx, claimId);
      const claim = await tx.claim.findUnique({ where: { id: claimId }, select: { body: true, language: true, publishedAt: true, figuresVersion: true } });
      if (!claim || claim.figuresVersion === FIGURES_VERSION) return null;
      const result = await extractClaimFigures(tx, { claimId, body: claim.body, language: claim.language, publishedAt: claim.publishedAt, actor: null });
      const summary = await tx.claim.findUniqueOrThrow({ where: { id: claimId }, select: CLAIM_SUMMARY_SELECT });
      return { ...result, claim: toClaimSummary(summary) };
    },
    { timeout: 15_000 },
  );
  if (!done) return false;
  publishChange(done.event, {
    claim: done.claim,
    figures: done.figures,
    ...(done.removedFigureIds.length > 0 ? { removedFigureIds: done.removedFigureIds } : {}),
  });
  return true;
}

async function staleAfter(after: string | null): Promise<string[]> {
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT id::text AS id FROM claims
    WHERE (${after}::uuid IS NULL OR id > ${after}::uuid) AND figures_version IS DISTINCT FROM ${FIGURES_VERSION}::smallint
    ORDER BY id LIMIT ${PAGE}::int`;
  return rows.map((r) => r.id);
}

async function countStale(): Promise<number> {
  const [row] = await db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM claims WHERE figures_version IS DISTINCT FROM ${FIGURES_VERSION}::smallint`;
  return row?.n ?? 0;
}

export async function extractStaleFigures(options: { onProgress?: (done: number, total: number) => void } = {}): Promise<{ extracted: number }> {
  const total = await countStale();
  if (total === 0) return { extracted: 0 };
  log.info({ total, version: FIGURES_VERSION }, 'extracting figures');
  const started = performance.now();
  let extracted = 0;
  let after: string | null = null;
  for (;;) {
    const ids = await staleAfter(after);
    if (ids.length === 0) break;
    for (const id of ids) {
      if (await reextractStoredClaim(id)) extracted++;
      options.onProgress?.(extracted, total);
      if (extracted > 0 && extracted % LOG_EVERY === 0) log.info({ extracted, total }, 'extracting figures');
    }
    after = ids.at(-1) ?? null;
  }
  log.info({ extracted, seconds: Math.round((performance.now() - started) / 100) / 10 }, 'figures extracted');
  return { extracted };
}
