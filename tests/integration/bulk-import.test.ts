import { afterAll, describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../../lib/audit/verify-chain';
import { bulkImportClaims } from '../../lib/claims/bulk-import';
import { listClaims } from '../../lib/claims/list-claims';
import { db, disconnectDb } from '../../lib/db';
import { seedArticles } from '../../seeds/run-seed';

afterAll(disconnectDb);

const editor = { id: '00000000-0000-4000-8000-000000000001', email: 'e@x.test', role: 'editor' as const, displayName: 'E' };

function* claims(from: number, count: number) {
  for (let i = from; i < from + count; i++) {
    yield {
      sourceKey: `bulk-${i}`,
      title: `Claim ${i} about the Simón Bolívar bridge`,
      body: i % 2 ? 'Soldados desertaram para a Colômbia.' : 'Войници дезертираха в Колумбия.',
      language: i % 2 ? 'pt' : 'bg',
    };
  }
}

describe('bulk import', () => {
  it('imports in batches, each claim with its audit event, and keeps the hash chain intact', async () => {
    await seedArticles();
    const progress: number[] = [];
    const result = await bulkImportClaims({ claims: claims(0, 25), batchSize: 10, onProgress: (n) => progress.push(n) });
    expect(result).toEqual({ created: 25, skipped: 0 });
    expect(progress).toEqual([10, 20, 25]);
    expect(await db.claim.count()).toBe(30);
    // The seeds come through the import pipeline (article.imported), the bulk claims in batches.
    expect(await db.auditEvent.count({ where: { action: 'claim.imported' } })).toBe(25);
    expect(await db.auditEvent.count({ where: { action: 'article.imported' } })).toBe(5);
    // Bulk claims are fingerprinted too, so later imports find them as duplicates.
    expect(await db.articleFingerprint.count()).toBe(30);
    const chain = await verifyAuditChain();
    expect(chain).toMatchObject({ ok: true });
  });

  it('skips source keys that exist, never overwriting them', async () => {
    const before = await db.claim.findUniqueOrThrow({ where: { sourceKey: 'bulk-3' } });
    const result = await bulkImportClaims({ claims: [...claims(20, 10)].map((c) => ({ ...c, title: `Changed ${c.title}` })) });
    expect(result).toEqual({ created: 5, skipped: 5 });
    expect((await db.claim.findUniqueOrThrow({ where: { sourceKey: 'bulk-3' } })).title).toBe(before.title);
    expect(await verifyAuditChain()).toMatchObject({ ok: true });
  });

  it('makes the claims searchable like imported articles (folded accents, Cyrillic)', async () => {
    const bulk = (page: { claims: { sourceKey: string; language: string }[] }) => page.claims.filter((c) => c.sourceKey.startsWith('bulk-'));
    const latin = bulk(await listClaims({ actor: editor, query: { q: 'colombia bolivar', limit: 100 } }));
    expect(latin).toHaveLength(15); // bulk-1, bulk-3 … bulk-29
    expect(latin.every((c) => c.language === 'pt')).toBe(true);
    const cyrillic = bulk(await listClaims({ actor: editor, query: { q: 'КОЛУМБИЯ', limit: 100 } }));
    expect(cyrillic).toHaveLength(15);
    expect(cyrillic.every((c) => c.language === 'bg')).toBe(true);
  });

  it('refuses malformed input before writing anything', async () => {
    const count = await db.claim.count();
    await expect(bulkImportClaims({ claims: [{ sourceKey: '../x', title: 't', body: 'b', language: 'en' }] })).rejects.toThrow(/sourceKey/);
    expect(await db.claim.count()).toBe(count);
  });
});
