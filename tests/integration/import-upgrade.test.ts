// A desk from before the import pipeline (issue 11) upgrades on its next
// start: the migrations apply over its claims and audit rows, the seeder
// fingerprints the claims it finds, leaves unchanged seeds unchanged, keeps
// verdicts, and from then on catches duplicates of the old claims.
import { randomUUID } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importArticle } from '../../lib/claims/import-article';
import { normalizeForSearch } from '../../lib/articles/normalize-search';
import { parseArticle } from '../../lib/articles/parse-article';
import { appendAuditEvent } from '../../lib/audit/append-audit-event';
import { SYSTEM_ACTOR } from '../../lib/validation/audit-events';
import { verifyAuditChain } from '../../lib/audit/verify-chain';
import { db, disconnectDb } from '../../lib/db';
import { applyMigrations, listMigrations } from '../../lib/runtime/migrate';
import { SEEDS_DIR, seedArticles } from '../../seeds/run-seed';

const OLD_LANGUAGES: Record<string, string> = {
  '000_552dc560a453afa8': 'pt',
  '001_a4564d29494e56b0': 'en',
  '002_d367ca68bff82dc3': 'en',
  '003_c796c6a1adc09b2d': 'bg',
  '004_70e37703d5faa8e3': 'en',
};
// The migrations this change added, newest first, and how to undo each by hand; and
// the later ones whose triggers read the columns it added (they would fail on the old schema).
const UNDO: Record<string, string> = {
  story_board_revs: `
    DROP FUNCTION figures_bump_story_board_revs() CASCADE;
    DROP FUNCTION claims_bump_story_board_revs() CASCADE;
    DROP FUNCTION users_bump_story_board_revs() CASCADE;
    DROP FUNCTION bump_story_board_revs(uuid[]);
    DROP TABLE story_board_revs`,
  near_duplicate_bands: `DROP TABLE article_bands`,
  audit_action_article_imported: `
    ALTER TABLE audit_events DROP CONSTRAINT audit_events_action_check;
    ALTER TABLE audit_events ADD CONSTRAINT audit_events_action_check CHECK (action IN (
      'claim.imported', 'claim.updated', 'claim.verdict_set', 'claim.comment_added', 'claim.assignment_changed',
      'user.created', 'user.disabled', 'auth.login_succeeded', 'auth.login_failed', 'export.produced'))`,
  article_import: `
    DROP TABLE article_sources;
    DROP TABLE article_fingerprints;
    ALTER TABLE claims DROP COLUMN outlet, DROP COLUMN byline, DROP COLUMN article_url, DROP COLUMN published_at,
      DROP COLUMN language_confidence, DROP COLUMN near_duplicate_of_id, DROP COLUMN near_duplicate_similarity`,
};

const undone: string[] = [];

/** What the seeder before this change wrote: each seed as a claim, with a claim.imported event. */
async function importTheOldWay() {
  for (const file of readdirSync(SEEDS_DIR)
    .filter((f) => f.endsWith('.txt'))
    .sort()) {
    const raw = readFileSync(path.join(SEEDS_DIR, file), 'utf8');
    const a = parseArticle(file, raw);
    const id = randomUUID();
    const language = OLD_LANGUAGES[a.sourceKey]!;
    await db.$transaction(async (tx) => {
      await tx.$executeRaw`INSERT INTO claims (id, source_key, title, body, boilerplate, language, search_text, content_hash)
        VALUES (${id}::uuid, ${a.sourceKey}, ${a.title}, ${a.body}, ${a.boilerplate}, ${language},
                ${normalizeForSearch(`${a.title} ${a.body}`)}, ${a.contentHash})`;
      await appendAuditEvent(tx, {
        ...SYSTEM_ACTOR,
        action: 'claim.imported',
        claimId: id,
        after: { sourceKey: a.sourceKey, title: a.title, language, contentHash: a.contentHash },
      });
    });
  }
}

beforeAll(async () => {
  // This file's database starts migrated to the latest schema: take it back to the one before this change.
  const names = listMigrations().migrationDirectories.map((d) => d.path);
  for (const suffix of Object.keys(UNDO)) {
    const name = names.find((n) => n.endsWith(`_${suffix}`));
    if (!name) throw new Error(`no migration named *_${suffix}`);
    await db.$executeRawUnsafe(`DELETE FROM _prisma_migrations WHERE migration_name = '${name}'`);
    for (const statement of UNDO[suffix]!.split(';')) await db.$executeRawUnsafe(statement);
    undone.push(name);
  }
  await importTheOldWay();
  await db.$executeRaw`UPDATE claims SET status = 'disputed', reason = 'Figures disagree', version = 2 WHERE source_key = '001_a4564d29494e56b0'`;
}, 60_000);

afterAll(disconnectDb);

describe('a desk from before the import pipeline', () => {
  it('migrates on the next start, its claims and audit rows kept', async () => {
    const claimsBefore = await db.$queryRaw<{ id: string; source_key: string }[]>`SELECT id, source_key FROM claims ORDER BY source_key`;
    expect(claimsBefore).toHaveLength(5);
    expect((await applyMigrations(process.env.DATABASE_URL!)).sort()).toEqual([...undone].sort());
    const claimsAfter = await db.claim.findMany({ orderBy: { sourceKey: 'asc' } });
    expect(claimsAfter.map((c) => ({ id: c.id, source_key: c.sourceKey }))).toEqual(claimsBefore);
    expect(claimsAfter.every((c) => c.languageConfidence === null && c.nearDuplicateOfId === null)).toBe(true);
    expect(await verifyAuditChain()).toMatchObject({ ok: true, checked: 5 });
  });

  it('is fingerprinted by the seeder, which finds every seed unchanged and keeps the verdict', async () => {
    const summary = await seedArticles();
    expect(summary).toMatchObject({ fingerprinted: 5, created: [], updated: [], duplicate: [], nearDuplicate: [] });
    expect(summary.unchanged).toHaveLength(5);
    expect(await db.articleFingerprint.count()).toBe(5);
    // Each old claim's bands are in the near-duplicate lookup's table, once each.
    const [bands] = await db.$queryRaw<{ rows: bigint; expected: bigint }[]>`
      SELECT (SELECT count(*) FROM article_bands) AS rows,
             (SELECT count(*) FROM (SELECT DISTINCT claim_id, unnest(bands) FROM article_fingerprints) AS d) AS expected`;
    expect(bands!.rows).toBe(bands!.expected);
    expect(bands!.rows).toBeGreaterThan(5n * 60n);
    expect(await db.claim.findUniqueOrThrow({ where: { sourceKey: '001_a4564d29494e56b0' } })).toMatchObject({
      status: 'disputed',
      reason: 'Figures disagree',
      version: 2,
    });
    expect((await seedArticles()).fingerprinted).toBe(0);
  });

  it('then catches duplicates of the old claims', async () => {
    const old = await db.claim.findUniqueOrThrow({ where: { sourceKey: '000_552dc560a453afa8' } });
    const raw = readFileSync(path.join(SEEDS_DIR, '000_552dc560a453afa8.txt'), 'utf8');
    const again = await importArticle({ actor: null, source: 'cli', fileName: 'copy.txt', content: { text: raw } });
    expect(again).toMatchObject({ outcome: 'duplicate', claimId: old.id });
    const paragraphs = raw.split('\n\n');
    const reordered = await importArticle({
      actor: null,
      source: 'cli',
      fileName: 'reordered.txt',
      content: { text: [...paragraphs.slice(3), ...paragraphs.slice(0, 3)].join('\n\n') },
    });
    expect(reordered.outcome).toBe('near_duplicate');
    expect(reordered.nearDuplicates[0]?.claimId).toBe(old.id);
    expect(await verifyAuditChain()).toMatchObject({ ok: true });
  });
});
