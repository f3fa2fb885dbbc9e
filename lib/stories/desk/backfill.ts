// Groups the claims that have no story yet, or whose evidence was extracted
// by rules of another STORIES_VERSION: claims from before stories existed (an
// existing desk on its next `npm start`), bulk imports, and every claim after
// the rules change. One claim per transaction, in id order, each exactly as
// an import groups it (groupArticle), its changes published after the commit.
import 'server-only';
import { db } from '../../db';
import { log } from '../../log';
import { publishChange } from '../../realtime/publish';
import { STORIES_VERSION } from '../config';
import { groupArticle } from './group-on-import';
import { lockStories } from './lock';

const PAGE = 200;
const LOG_EVERY = 100;

/** Groups one stored claim (its body is already without boilerplate) unless it is grouped with current evidence; whether it was. */
export async function groupStoredClaim(claimId: string): Promise<boolean> {
  const grouped = await db.$transaction(
    async (tx) => {
      await lockStories(tx);
      const claim = await tx.claim.findUnique({
        where: { id: claimId },
        select: { id: true, body: true, language: true, publishedAt: true, storyId: true, storyEvidence: { select: { version: true } } },
      });
      if (!claim || (claim.storyId !== null && claim.storyEvidence?.version === STORIES_VERSION)) return null;
      return groupArticle(tx, { claimId, body: claim.body, language: claim.language, publishedAt: claim.publishedAt, actor: null, requestId: null });
    },
    { timeout: 15_000 },
  );
  if (!grouped) return false;
  publishChange(grouped.event, { claim: grouped.claims.find((c) => c.id === claimId), stories: grouped.stories, claims: grouped.claims });
  return true;
}

async function ungroupedAfter(after: string | null): Promise<string[]> {
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT c.id::text AS id FROM claims c LEFT JOIN story_evidence e ON e.claim_id = c.id
    WHERE (${after}::uuid IS NULL OR c.id > ${after}::uuid)
      AND (c.story_id IS NULL OR e.claim_id IS NULL OR e.version <> ${STORIES_VERSION}::smallint)
    ORDER BY c.id LIMIT ${PAGE}::int`;
  return rows.map((r) => r.id);
}

async function countUngrouped(): Promise<number> {
  const [row] = await db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM claims c LEFT JOIN story_evidence e ON e.claim_id = c.id
    WHERE c.story_id IS NULL OR e.claim_id IS NULL OR e.version <> ${STORIES_VERSION}::smallint`;
  return row?.n ?? 0;
}

export async function groupUngrouped(options: { onProgress?: (done: number, total: number) => void } = {}): Promise<{ grouped: number }> {
  const total = await countUngrouped();
  if (total === 0) return { grouped: 0 };
  log.info({ total, version: STORIES_VERSION }, 'grouping articles into stories');
  const started = performance.now();
  let grouped = 0;
  let after: string | null = null;
  for (;;) {
    const ids = await ungroupedAfter(after);
    if (ids.length === 0) break;
    for (const id of ids) {
      if (await groupStoredClaim(id)) grouped++;
      options.onProgress?.(grouped, total);
      if (grouped > 0 && grouped % LOG_EVERY === 0) log.info({ grouped, total }, 'grouping articles into stories');
    }
    after = ids.at(-1) ?? null;
  }
  log.info({ grouped, seconds: Math.round((performance.now() - started) / 100) / 10 }, 'articles grouped into stories');
  return { grouped };
}
