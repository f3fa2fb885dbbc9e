import { mkdtempSync, readFileSync, readdirSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { disconnectDb, db } from '../../lib/db';
import { applyMigrations, listMigrations, migrationsUpToDate } from '../../lib/runtime/migrate';
import { SEEDS_DIR, seedArticles, seedDemoUsers } from '../../seeds/run-seed';
import { verifyAuditChain } from '../../lib/audit/verify-chain';
import { DEMO_USERS } from '../../seeds/demo-users';

afterAll(disconnectDb);

describe('migrations', () => {
  it('applied every migration from an empty database and recorded them like prisma migrate deploy', async () => {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    const rows = await client.query<{ migration_name: string; finished_at: Date | null; rolled_back_at: Date | null }>(
      'SELECT migration_name, finished_at, rolled_back_at FROM _prisma_migrations ORDER BY migration_name',
    );
    await client.end();
    const expected = listMigrations().migrationDirectories.map((d) => d.path);
    expect(expected.length).toBeGreaterThan(0);
    expect(rows.rows.map((r) => r.migration_name)).toEqual(expected);
    for (const r of rows.rows) {
      expect(r.finished_at).not.toBeNull();
      expect(r.rolled_back_at).toBeNull();
    }
  });

  it('applies nothing the second time', async () => {
    expect(await applyMigrations(process.env.DATABASE_URL!)).toEqual([]);
  });

  it('knows an up-to-date database without the engine, and leaves an edited or failed migration to it', async () => {
    const url = process.env.DATABASE_URL!;
    expect(await migrationsUpToDate(url)).toBe(true);
    const last = listMigrations().migrationDirectories.at(-1)!.path;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ checksum: string }>('SELECT checksum FROM _prisma_migrations WHERE migration_name = $1', [last]);
      const checksum = rows[0]!.checksum;
      // A migration edited after it was applied: the engine decides (it applies nothing new).
      await client.query('UPDATE _prisma_migrations SET checksum = $1 WHERE migration_name = $2', ['0'.repeat(64), last]);
      expect(await migrationsUpToDate(url)).toBe(false);
      expect(await applyMigrations(url)).toEqual([]);
      await client.query('UPDATE _prisma_migrations SET checksum = $1 WHERE migration_name = $2', [checksum, last]);
      // A migration that started and never finished.
      await client.query('UPDATE _prisma_migrations SET finished_at = NULL WHERE migration_name = $1', [last]);
      expect(await migrationsUpToDate(url)).toBe(false);
      await client.query('UPDATE _prisma_migrations SET finished_at = now() WHERE migration_name = $1', [last]);
      expect(await migrationsUpToDate(url)).toBe(true);
    } finally {
      await client.end();
    }
  });
});

describe('seeding the articles', () => {
  it('imports all five seeds, then changes nothing on a second run', async () => {
    const first = await seedArticles();
    expect(first.created).toHaveLength(5);
    const second = await seedArticles();
    expect(second.created).toEqual([]);
    expect(second.updated).toEqual([]);
    expect(second.unchanged).toHaveLength(5);
    expect(await db.claim.count()).toBe(5);
  });

  it('stores the text faithfully, including upstream damage, with derived fields', async () => {
    const claims = await db.claim.findMany({ orderBy: { sourceKey: 'asc' } });
    expect(claims.map((c) => c.language)).toEqual(['pt', 'en', 'en', 'bg', 'en']);
    const files = readdirSync(SEEDS_DIR)
      .filter((f) => f.endsWith('.txt'))
      .sort();
    claims.forEach((claim, i) => {
      const raw = readFileSync(path.join(SEEDS_DIR, files[i]!), 'utf8');
      expect(claim.sourceKey).toBe(files[i]!.replace(/\.txt$/, ''));
      expect(claim.body + (claim.boilerplate ?? '')).toBe(raw);
    });
    expect(claims[1]!.body).toContain('badistance');
    expect(claims[4]!.boilerplate).toContain('Lay KPMG audit report');
    expect(claims[4]!.body).not.toContain('Lay KPMG');
    expect(claims[1]!.title).toBe('The Colombian authorities reported that 567 Venezuelan soldiers had defected and crossed the border');
  });

  it("never touches a claim's verdict, and updates changed text with an audit event", async () => {
    const claim = await db.claim.findUniqueOrThrow({ where: { sourceKey: '002_d367ca68bff82dc3' } });
    await db.claim.update({ where: { id: claim.id }, data: { status: 'disputed', reason: 'Figures disagree' } });

    const dir = mkdtempSync(path.join(tmpdir(), 'factdesk-seeds-'));
    for (const f of readdirSync(SEEDS_DIR).filter((n) => n.endsWith('.txt'))) copyFileSync(path.join(SEEDS_DIR, f), path.join(dir, f));
    const file = path.join(dir, '002_d367ca68bff82dc3.txt');
    writeFileSync(file, `${readFileSync(file, 'utf8')}\nCorrection appended by the source.\n`);

    const result = await seedArticles(dir);
    expect(result.updated).toEqual(['002_d367ca68bff82dc3']);
    expect(result.unchanged).toHaveLength(4);
    const after = await db.claim.findUniqueOrThrow({ where: { id: claim.id } });
    expect(after.status).toBe('disputed');
    expect(after.reason).toBe('Figures disagree');
    expect(after.body).toContain('Correction appended by the source.');
    expect(after.version).toBe(claim.version + 1);
    const events = await db.auditEvent.findMany({ where: { claimId: claim.id }, orderBy: { seq: 'asc' } });
    // Each write is followed by its grouping into a story and its figures.
    expect(events.map((e) => e.action)).toEqual([
      'article.imported',
      'story.grouped',
      'figure.extracted',
      'claim.updated',
      'story.grouped',
      'figure.extracted',
    ]);

    // Put the original text back so later tests see the real seed.
    expect((await seedArticles()).updated).toEqual(['002_d367ca68bff82dc3']);
  });

  it('creates the demo accounts once, with argon2id hashes, and every import is in the audit chain', async () => {
    const created = await seedDemoUsers();
    expect(created.sort()).toEqual(DEMO_USERS.map((u) => u.email).sort());
    expect(await seedDemoUsers()).toEqual([]);
    const users = await db.user.findMany();
    for (const u of users) expect(u.passwordHash).toMatch(/^\$argon2id\$/);
    const verdict = await verifyAuditChain();
    expect(verdict).toEqual({ ok: true, checked: await db.auditEvent.count() });
  });
});
