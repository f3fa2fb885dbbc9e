// Keeps article_fingerprints (and its article_bands rows) in step with claims: written with every import,
// and filled in for claims that have none or an older version (claims from
// before the table existed, or after FINGERPRINT_VERSION changed). The
// seeder runs fingerprintClaims on every start, before its duplicate checks.
import 'server-only';
import { db, type Tx } from '../db';
import { FINGERPRINT_VERSION, type Fingerprint, fingerprint } from './fingerprint';

const BATCH = 500;

/** The fingerprint and its article_bands rows; call inside the transaction that writes the claim. */
export async function saveFingerprint(tx: Tx, claimId: string, fp: Fingerprint): Promise<void> {
  const data = { version: FINGERPRINT_VERSION, textHash: fp.textHash, bands: fp.bands };
  await tx.articleFingerprint.upsert({ where: { claimId }, create: { claimId, ...data }, update: data });
  await tx.$executeRaw`DELETE FROM article_bands WHERE claim_id = ${claimId}::uuid`;
  await tx.$executeRaw`
    INSERT INTO article_bands (band, claim_id)
    SELECT DISTINCT b.band, ${claimId}::uuid FROM unnest(${fp.bands}::int[]) AS b(band)`;
}

/** One statement for many claims (bulk imports, the backfill). Band lists travel as JSON: pg has no 2-D unnest of ragged arrays. */
export async function saveFingerprints(tx: Tx, rows: { claimId: string; fingerprint: Fingerprint }[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.$executeRaw`
    INSERT INTO article_fingerprints (claim_id, version, text_hash, bands)
    SELECT r.claim_id, ${FINGERPRINT_VERSION}::smallint, r.text_hash, ARRAY(SELECT jsonb_array_elements_text(r.bands)::int)
    FROM jsonb_to_recordset(${JSON.stringify(rows.map((r) => ({ claim_id: r.claimId, text_hash: r.fingerprint.textHash, bands: r.fingerprint.bands })))}::jsonb)
      AS r(claim_id uuid, text_hash text, bands jsonb)
    ON CONFLICT (claim_id) DO UPDATE SET version = EXCLUDED.version, text_hash = EXCLUDED.text_hash, bands = EXCLUDED.bands`;
  // Their article_bands rows, rebuilt from the arrays just written (a re-fingerprinted claim's old bands go).
  const ids = rows.map((r) => r.claimId);
  await tx.$executeRaw`DELETE FROM article_bands WHERE claim_id = ANY(${ids}::uuid[])`;
  await tx.$executeRaw`
    INSERT INTO article_bands (band, claim_id)
    SELECT DISTINCT b.band, f.claim_id FROM article_fingerprints f CROSS JOIN LATERAL unnest(f.bands) AS b(band)
    WHERE f.claim_id = ANY(${ids}::uuid[])`;
}

/** Fingerprints every claim that lacks a current one; returns how many it wrote. */
export async function fingerprintClaims(): Promise<number> {
  let written = 0;
  let after: string | null = null;
  for (;;) {
    const claims: { id: string; body: string }[] = await db.claim.findMany({
      where: {
        ...(after ? { id: { gt: after } } : {}),
        OR: [{ fingerprint: null }, { fingerprint: { version: { not: FINGERPRINT_VERSION } } }],
      },
      select: { id: true, body: true },
      orderBy: { id: 'asc' },
      take: BATCH,
    });
    if (claims.length === 0) return written;
    const rows = claims.map((c) => ({ claimId: c.id, fingerprint: fingerprint(c.body) }));
    await db.$transaction((tx) => saveFingerprints(tx, rows));
    written += claims.length;
    after = claims.at(-1)?.id ?? null;
  }
}
