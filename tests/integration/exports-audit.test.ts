// Every verdict report names the audit event it was produced at and the
// checkpoint signed at export (issue 14): a reader of a published report can
// tie it to the audit bundle and check both. Each format is read the way its
// reader would: CSV parsed, JSON and JSON-LD parsed, the HTML's data block,
// the PDF's text through pdftotext.
import { execFileSync } from 'node:child_process';
import { verify } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bundleCheckpointSchema, type Checkpoint, checkpointMessage, checkpointSchema } from '../../lib/audit/checkpoint-format';
import { trustedPublicKeys } from '../../lib/audit/signing-key';
import { db } from '../../lib/db';
import { AUDIT_TRAILER_LABELS, AUDIT_TRAILER_ROWS } from '../../lib/exports/formats/csv';
import { checkBoth } from '../support/audit-bundle';
import { expandSchemaOrg } from '../support/expand-jsonld';
import { closeDesk, type Desk, openDesk } from '../support/fixtures';

let desk: Desk;
beforeAll(async () => {
  desk = await openDesk();
  // A decided claim, so the ClaimReview export has a review to carry the reference.
  const claim = await db.claim.findFirstOrThrow({ orderBy: { sourceKey: 'asc' } });
  const res = await desk.call('reviewer', 'POST', `/api/claims/${claim.id}/verdict`, {
    status: 'disputed',
    reason: 'A five-day total, not one night.',
    evidence: [],
    expectedVersion: claim.version,
  });
  expect(res.status).toBe(200);
}, 120_000);
afterAll(() => closeDesk(desk));

type Reference = { seq: number; hash: string; checkpoint: Checkpoint | null };

async function exportAs(format: string): Promise<{ bytes: Buffer; eventSeq: number }> {
  const res = await desk.call('editor', 'GET', `/api/export?format=${format}`);
  expect(res.status).toBe(200);
  const bytes = Buffer.from(await res.arrayBuffer());
  const event = await db.auditEvent.findFirstOrThrow({ where: { action: 'export.produced' }, orderBy: { seq: 'desc' } });
  expect(event.after).toMatchObject({ format });
  return { bytes, eventSeq: Number(event.seq) };
}

/** The report names its own export event, and a checkpoint that covers it, signed by the desk's key, over the stored chain. */
async function expectTiedToTrail(ref: Reference, eventSeq: number) {
  expect(ref.seq).toBe(eventSeq);
  const stored = await db.auditEvent.findUniqueOrThrow({ where: { seq: BigInt(ref.seq) } });
  expect(ref.hash).toBe(stored.hash);
  const checkpoint = checkpointSchema.parse(ref.checkpoint);
  expect(checkpoint.seq).toBeGreaterThanOrEqual(ref.seq);
  const atCheckpoint = await db.auditEvent.findUniqueOrThrow({ where: { seq: BigInt(checkpoint.seq) } });
  expect(checkpoint.hash).toBe(atCheckpoint.hash);
  const key = trustedPublicKeys().get(checkpoint.keyId);
  expect(key, 'the checkpoint is signed by a key the desk trusts').toBeDefined();
  expect(verify(null, checkpointMessage(checkpoint), key!.key, Buffer.from(checkpoint.sig, 'base64url'))).toBe(true);
  // The audit bundle a reader downloads holds that very checkpoint, and checks out in both checkers.
  const bundle = await (await desk.call('editor', 'GET', '/api/audit/export')).text();
  const inBundle = bundle
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as { type: string })
    .filter((l) => l.type === 'checkpoint')
    .map((l) => bundleCheckpointSchema.parse(l));
  expect(inBundle).toContainEqual({ type: 'checkpoint', ...checkpoint });
  const checked = checkBoth(bundle);
  expect(checked.ours).toEqual(checked.python);
  expect(checked.ours).toMatchObject({ ok: true });
  expect((checked.ours as { provenTo: number }).provenTo).toBeGreaterThanOrEqual(checkpoint.seq);
}

describe('every verdict report names the audit event and the checkpoint it was produced at', () => {
  it('JSON: an audit object beside the filters', async () => {
    const { bytes, eventSeq } = await exportAs('json');
    const doc = JSON.parse(bytes.toString('utf8')) as { audit: Reference };
    await expectTiedToTrail(doc.audit, eventSeq);
  });

  it('ClaimReview: every review carries it as a schema.org identifier, which survives JSON-LD expansion', async () => {
    const { bytes, eventSeq } = await exportAs('claimreview');
    const doc = JSON.parse(bytes.toString('utf8')) as { '@graph': { identifier: { '@type': string; propertyID: string; value: string } }[] };
    expect(doc['@graph'].length).toBeGreaterThan(0);
    const values = new Set(doc['@graph'].map((r) => (r.identifier.propertyID === 'factdesk-audit' ? r.identifier.value : null)));
    expect(values.size).toBe(1);
    const expanded = await expandSchemaOrg(doc);
    const reviews = expanded.filter((n) => n['@type']?.includes('http://schema.org/ClaimReview'));
    expect(reviews).toHaveLength(doc['@graph'].length);
    expect(JSON.stringify(reviews[0]?.['http://schema.org/identifier'])).toContain('factdesk-audit');
    await expectTiedToTrail(JSON.parse([...values][0]!) as Reference, eventSeq);
  });

  it.each(['csv', 'figures-csv'])('%s: once, in two labelled rows after a blank one at the end', async (format) => {
    const { bytes, eventSeq } = await exportAs(format);
    const rows = z.array(z.array(z.string())).parse(parseCsv(bytes, { bom: true }));
    expect(rows.length).toBeGreaterThan(1 + AUDIT_TRAILER_ROWS);
    const trailer = rows.slice(-AUDIT_TRAILER_ROWS);
    expect(trailer.map((r) => r[0])).toEqual(['', ...AUDIT_TRAILER_LABELS]);
    expect(rows.filter((r) => r[0] === 'report checkpoint')).toHaveLength(1);
    const [seq, checkpoint] = [trailer[1]![1]!, trailer[2]![1]!];
    const stored = await db.auditEvent.findUniqueOrThrow({ where: { seq: BigInt(eventSeq) } });
    await expectTiedToTrail({ seq: Number(seq), hash: stored.hash, checkpoint: JSON.parse(checkpoint) as Checkpoint }, eventSeq);
  });

  it('HTML: a line a person reads, and the same as data in a meta element (the report has no script)', async () => {
    const { bytes, eventSeq } = await exportAs('html');
    const html = bytes.toString('utf8');
    expect(html).not.toContain('<script');
    const data = /<meta name="factdesk-audit" content="([^"]*)">/.exec(html)?.[1];
    expect(data).toBeDefined();
    const ref = JSON.parse(data!.replaceAll('&quot;', '"').replaceAll('&amp;', '&')) as Reference;
    await expectTiedToTrail(ref, eventSeq);
    expect(html).toContain(
      `Audit trail: produced at event #${eventSeq} (SHA-256 ${ref.hash.slice(0, 16)}…), signed in checkpoint #${ref.checkpoint!.seq} by key ${ref.checkpoint!.keyId}`,
    );
  });

  it('PDF: the line and the signature in the text', async () => {
    const { bytes, eventSeq } = await exportAs('pdf');
    const dir = mkdtempSync(path.join(tmpdir(), 'factdesk-pdf-audit-'));
    const file = path.join(dir, 'report.pdf');
    writeFileSync(file, bytes);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    const stored = await db.auditEvent.findUniqueOrThrow({ where: { seq: BigInt(eventSeq) } });
    expect(text).toContain(`Audit trail: produced at event #${eventSeq} (SHA-256 ${stored.hash.slice(0, 16)}…)`);
    const signed = /signed in checkpoint #(\d+) by key ([0-9a-f]{16})/.exec(text);
    expect(signed).not.toBeNull();
    const checkpoint = await db.auditCheckpoint.findFirstOrThrow({ where: { seq: BigInt(signed![1]!), keyId: signed![2]! } });
    expect(text.replace(/ /g, '')).toContain(`Checkpointsignature(Ed25519):${checkpoint.sig}`);
    await expectTiedToTrail(
      {
        seq: eventSeq,
        hash: stored.hash,
        checkpoint: { v: 1, seq: Number(checkpoint.seq), hash: checkpoint.hash, at: checkpoint.at.toISOString(), keyId: checkpoint.keyId, sig: checkpoint.sig },
      },
      eventSeq,
    );
  });
});
