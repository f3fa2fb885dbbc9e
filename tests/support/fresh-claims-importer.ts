// Imports claims of a test's own (tests/support/fresh-claims.ts) into the
// desk's database through the import function the app uses. Started once per
// Playwright worker by e2e/support/fixtures.ts, with the e2e server's
// environment: one JSON request per line on stdin, one JSON answer per line
// on file descriptor 3 (stdout and stderr stay free for logs). Stops when
// stdin closes.
import { readFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { importArticle } from '../../lib/claims/import-article';
import { db, disconnectDb } from '../../lib/db';
import { withDatabase } from '../../scripts/with-database';
import { SEEDS_DIR } from '../../seeds/run-seed';
import type { ArticleOverrides, ImportSourceKind } from '../../lib/validation/articles';
import {
  FIXTURE_ARTICLES,
  type FreshClaim,
  type FreshClaimsAnswer,
  type FreshClaimsRequest,
  freshClaimsRequestSchema,
  SEED_ARTICLES,
  type SeedArticle,
  taggedFileName,
  taggedPage,
  taggedText,
} from './fresh-claims';

const ANSWERS_FD = 3;

const FIXTURES_DIR = path.resolve(import.meta.dirname, '../fixtures');

/** The copy's bytes, how it comes in (a seed file, or an uploaded page), and what an editor would have given with it. */
function copyOf(article: SeedArticle, tag: string): { text: string; source: ImportSourceKind; overrides?: ArticleOverrides } {
  if (article === 'arabic') {
    const { file, headline, url } = FIXTURE_ARTICLES.arabic;
    return { text: taggedPage(readFileSync(path.join(FIXTURES_DIR, file), 'utf8'), headline, tag), source: 'upload', overrides: { url } };
  }
  return { text: taggedText(readFileSync(path.join(SEEDS_DIR, `${SEED_ARTICLES[article]}.txt`), 'utf8'), tag), source: 'seed' };
}

async function importCopies({ tag, articles }: FreshClaimsRequest): Promise<FreshClaim[]> {
  const claims: FreshClaim[] = [];
  for (const article of articles) {
    const { text, source, overrides } = copyOf(article, tag);
    // A copy resembles its seed (and the other copies): confirmed as a near-duplicate, as an editor would.
    const { outcome, claimId } = await importArticle({
      actor: null,
      source,
      fileName: taggedFileName(article, tag),
      content: { bytes: Buffer.from(text, 'utf8') },
      overrides,
      confirmNearDuplicate: true,
    });
    if (outcome !== 'created' || !claimId) throw new Error(`${article} under ${tag} was ${outcome}, not created: pick a new tag`);
    const claim = await db.claim.findUniqueOrThrow({ where: { id: claimId }, select: { id: true, title: true, version: true } });
    claims.push({ article, ...claim });
  }
  return claims;
}

function answer(a: FreshClaimsAnswer) {
  writeSync(ANSWERS_FD, `${JSON.stringify(a)}\n`);
}

await withDatabase(async () => {
  for await (const line of readline.createInterface({ input: process.stdin })) {
    const request = freshClaimsRequestSchema.parse(JSON.parse(line));
    try {
      answer({ id: request.id, claims: await importCopies(request) });
    } catch (e) {
      answer({ id: request.id, error: e instanceof Error ? e.message : String(e) });
    }
  }
  await disconnectDb();
});
