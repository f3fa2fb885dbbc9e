// Imports many claims at once (feeds, archives, benchmarks): batches of
// multi-row INSERTs, each batch one transaction with its "claim.imported"
// audit events and the claims' duplicate-check fingerprints. Existing source
// keys are skipped, never overwritten; no duplicate check is made (the
// one-article pipeline, lib/claims/import-article.ts, makes them).
// Publishes no realtime events for the claims: a browser sees them on its
// next load. After each batch commits, its claims are grouped into stories
// one by one (lib/stories/desk/backfill.ts, as at start-up), unless `group` is
// false; a claim left ungrouped by a crash is grouped on the next start. Their
// figures are extracted inside the batch's transaction, with their
// figure.extracted events (lib/figures/desk/bulk-figures.ts), unless `figures`
// is false; the next start's backfill then extracts them.
import 'server-only';
import { createHash, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { fingerprint } from '../articles/fingerprint';
import { saveFingerprints } from '../articles/fingerprint-claims';
import { normalizeForSearch } from '../articles/normalize-search';
import { appendAuditEvents } from '../audit/append-audit-events';
import { SYSTEM_ACTOR } from '../validation/audit-events';
import { db } from '../db';
import { groupStoredClaim } from '../stories/desk/backfill';
import { saveNewClaimsFigures } from '../figures/desk/bulk-figures';
import { FIGURES_VERSION } from '../figures/extract-figures';

const bulkClaimSchema = z.object({
  sourceKey: z.string().regex(/^[A-Za-z0-9_.-]{1,200}$/, 'sourceKey: letters, digits, "_", "." or "-" (at most 200)'),
  title: z.string().trim().min(1).max(500),
  body: z.string().min(1),
  boilerplate: z.string().nullish(),
  language: z.string().regex(/^[a-z]{2,3}$/, 'language: a 2–3 letter code such as "en" (or "und")'),
});
export type BulkClaimInput = z.input<typeof bulkClaimSchema>;

export type BulkImportResult = { created: number; skipped: number };

const DEFAULT_BATCH = 1000;

type InsertedRow = { id: string; source_key: string; title: string; language: string; content_hash: string };

async function importBatch(batch: BulkClaimInput[], options: { figures: boolean }): Promise<string[]> {
  const rows = batch.map((input) => {
    const c = bulkClaimSchema.parse(input);
    return {
      ...c,
      id: randomUUID(),
      boilerplate: c.boilerplate ?? null,
      searchText: normalizeForSearch(`${c.title} ${c.body}`),
      contentHash: createHash('sha256')
        .update(`${c.title}\n\n${c.body}${c.boilerplate ?? ''}`, 'utf8')
        .digest('hex'),
    };
  });
  return db.$transaction(
    async (tx) => {
      const inserted = await tx.$queryRawUnsafe<InsertedRow[]>(
        // figures_version is written with the claim when this batch extracts its figures: an UPDATE of the
        // just-inserted rows afterwards is not a HOT update and rewrites every index of claims.
        `INSERT INTO claims (id, source_key, title, body, boilerplate, language, search_text, content_hash, figures_version)
       SELECT u.*, $9::smallint FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[]) AS u
       ON CONFLICT (source_key) DO NOTHING
       RETURNING id, source_key, title, language, content_hash`,
        rows.map((r) => r.id),
        rows.map((r) => r.sourceKey),
        rows.map((r) => r.title),
        rows.map((r) => r.body),
        rows.map((r) => r.boilerplate),
        rows.map((r) => r.language),
        rows.map((r) => r.searchText),
        rows.map((r) => r.contentHash),
        options.figures ? FIGURES_VERSION : null,
      );
      const bodyById = new Map<string, string>(rows.map((r) => [r.id, r.body]));
      await saveFingerprints(
        tx,
        inserted.map((c) => ({ claimId: c.id, fingerprint: fingerprint(bodyById.get(c.id) ?? '') })),
      );
      await appendAuditEvents(
        tx,
        inserted.map((c) => ({
          ...SYSTEM_ACTOR,
          action: 'claim.imported' as const,
          claimId: c.id,
          after: { sourceKey: c.source_key, title: c.title, language: c.language, contentHash: c.content_hash },
        })),
      );
      if (options.figures)
        await saveNewClaimsFigures(
          tx,
          inserted.map((c) => ({ id: c.id, body: bodyById.get(c.id) ?? '', language: c.language })),
          { versionSet: true },
        );
      return inserted.map((c) => c.id);
    },
    { timeout: 60_000 },
  );
}

export async function bulkImportClaims(options: {
  claims: Iterable<BulkClaimInput> | AsyncIterable<BulkClaimInput>;
  batchSize?: number;
  /** Called after each committed batch with the number of inputs handled so far. */
  onProgress?: (handled: number) => void;
  /** Group the claims into stories after each batch (default). False leaves them to the next start-up's backfill. */
  group?: boolean;
  /** Extract the claims' figures in each batch's transaction (default). False leaves them to the next start-up's backfill. */
  figures?: boolean;
}): Promise<BulkImportResult> {
  const size = options.batchSize ?? DEFAULT_BATCH;
  const result: BulkImportResult = { created: 0, skipped: 0 };
  let batch: BulkClaimInput[] = [];
  const flush = async () => {
    const ids = await importBatch(batch, { figures: options.figures !== false });
    if (options.group !== false) for (const id of ids) await groupStoredClaim(id);
    result.created += ids.length;
    result.skipped += batch.length - ids.length;
    batch = [];
    options.onProgress?.(result.created + result.skipped);
  };
  for await (const claim of options.claims) {
    batch.push(claim);
    if (batch.length >= size) await flush();
  }
  if (batch.length) await flush();
  return result;
}
