// The per-account cap on concurrent exports: refusal, isolation between
// accounts, and the slot coming back however a download ends.
import { finished, type Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { isAppError } from '../../lib/errors';
import { MAX_CONCURRENT_EXPORTS, releaseWhenDone, runningExports, takeExportSlot } from '../../lib/exports/export-slots';
import type { ExportClaim } from '../../lib/exports/export-claims';
import { claimReviewStream } from '../../lib/exports/formats/claimreview';
import { csvStream } from '../../lib/exports/formats/csv';
import { htmlStream } from '../../lib/exports/formats/html';
import { jsonStream } from '../../lib/exports/formats/json';
import { pdfStream } from '../../lib/exports/formats/pdf';

let n = 0;
const account = () => `account-${++n}`;

function refusal(accountId: string) {
  try {
    takeExportSlot(accountId);
  } catch (e) {
    return e;
  }
  return null;
}

const claim = (i: number): ExportClaim => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  sourceKey: `k${i}`,
  title: `Claim ${i}`,
  language: 'en',
  direction: 'ltr',
  outlet: null,
  byline: null,
  articleUrl: null,
  publishedAt: null,
  status: 'disputed',
  reason: 'r',
  evidence: [],
  decidedBy: null,
  decidedAt: '2026-12-01T00:00:00.000Z',
  reReviewAt: null,
  version: 1,
  storyId: null,
  storyTitle: null,
  createdAt: '2026-12-01T00:00:00.000Z',
  updatedAt: '2026-12-01T00:00:00.000Z',
  history: [],
  figures: [],
});

/** Claims that fail after a few, as a database going away mid-export would. */
// eslint-disable-next-line @typescript-eslint/require-await -- an async iterable, as the database cursor is
async function* failingClaims(): AsyncGenerator<ExportClaim> {
  for (let i = 0; i < 3; i++) yield claim(i);
  throw new Error('connection lost');
}
// More than any stream buffers, so the download cannot finish unread.
// eslint-disable-next-line @typescript-eslint/require-await -- an async iterable, as the database cursor is
async function* manyClaims(): AsyncGenerator<ExportClaim> {
  for (let i = 0; i < 5_000; i++) yield claim(i);
}
// eslint-disable-next-line @typescript-eslint/require-await -- an async iterable, as the database cursor is
async function* oneClaim(): AsyncGenerator<ExportClaim> {
  yield claim(1);
}

const audit = { seq: 7, hash: 'a'.repeat(64), checkpoint: null };
const meta = { exportedAt: '2026-12-01T00:00:00.000Z', exportedBy: 'Ana', filters: {}, story: null, count: 3, audit };
const counts = { unreviewed: 0, verified: 0, disputed: 3, outdated: 0 };
const org = { name: 'Org', url: 'https://org.example', reportBaseUrl: 'https://org.example/claims' };
const FORMATS: Record<string, (claims: AsyncIterable<ExportClaim>) => Readable> = {
  csv: (c) => csvStream(c, audit, org.reportBaseUrl),
  json: (c) => jsonStream(c, meta),
  claimreview: (c) => claimReviewStream(c, org, audit),
  html: (c) => htmlStream(c, meta, counts, org.name),
  pdf: (c) => pdfStream(c, meta, counts, org.name),
};

// Settles after the stream has ended, failed or been destroyed (also when it already had).
const closed = (body: Readable) => new Promise<void>((resolve) => finished(body, () => resolve()));

describe('export slots', () => {
  it(`allows ${MAX_CONCURRENT_EXPORTS} at a time per account, refuses the next with 429 and a retry time, and other accounts are unaffected`, () => {
    const a = account();
    const b = account();
    const slots = Array.from({ length: MAX_CONCURRENT_EXPORTS }, () => takeExportSlot(a));
    const e = refusal(a);
    expect(isAppError(e) && e.status).toBe(429);
    expect(isAppError(e) && e.details?.retryAfterSeconds).toBeGreaterThan(0);
    expect((e as Error).message).toMatch(/exports running.*try again/);
    expect(refusal(b)).toBeNull();
    slots[0]!.release();
    slots[0]!.release(); // twice: must not free a slot another export holds
    expect(runningExports(a)).toBe(MAX_CONCURRENT_EXPORTS - 1);
    expect(refusal(a)).toBeNull();
    expect(isAppError(refusal(a))).toBe(true);
  });

  it.each(Object.keys(FORMATS))('a %s download gives its slot back when it ends, fails mid-way, or is abandoned', { timeout: 60_000 }, async (format) => {
    const make = FORMATS[format]!;
    const a = account();

    // One read to the end, one cancelled before it was read at all.
    const ok = releaseWhenDone(make(oneClaim()), takeExportSlot(a));
    const unread = releaseWhenDone(make(manyClaims()), takeExportSlot(a));
    expect(runningExports(a)).toBe(2);
    await closed(ok.resume());
    unread.destroy();
    await closed(unread);
    expect(runningExports(a)).toBe(0);

    // The claim reader fails mid-way: the download errors (it does not hang) and the slot comes back.
    const failing = releaseWhenDone(make(failingClaims()), takeExportSlot(a));
    const error = await new Promise<Error>((resolve) => failing.on('error', resolve).resume());
    expect(error.message).toBe('connection lost');
    await closed(failing);
    expect(runningExports(a)).toBe(0);

    // The client goes away after the first chunk: the stream is destroyed, the slot comes back.
    const abandoned = releaseWhenDone(make(manyClaims()), takeExportSlot(a));
    await new Promise((resolve) => abandoned.once('data', resolve));
    abandoned.destroy();
    await closed(abandoned);
    expect(runningExports(a)).toBe(0);
  });
});
