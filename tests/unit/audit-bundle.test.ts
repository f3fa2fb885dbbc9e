// Audit bundles as a third party checks them (issue 14): our checker
// (lib/audit/check-bundle.ts) and an independent Python one
// (tests/support/verify_bundle.py, written from docs/audit-format.md) must
// agree on good and tampered bundles, and name the right problem and seq.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkBundle, checkBundleStream } from '@/lib/audit/check-bundle';
import type { BundleCheckpoint, BundleEvent } from '@/lib/audit/checkpoint-format';
import {
  chain,
  checkBoth,
  header,
  makeSigner,
  ourOutcome,
  rechain,
  rotationPayload,
  runPythonBatch,
  signHead,
  toLines,
  type EventInput,
} from '../support/audit-bundle';

const signer = makeSigner();

/** Payloads a naive re-encoder gets wrong: key order by UTF-16 units, escapes, astral and RTL text, numbers. */
const TRICKY: EventInput[] = [
  { action: 'claim.created', after: { text: 'Inflation hit 12% — «record»', language: 'pt' } },
  { reason: 'تصحيح: الرقم الصحيح ١٢٪', after: { verdict: 'misleading', note: 'עברית and العربية mixed' } },
  { reason: 'Emoji 😀 and 𝔘𝔫𝔦𝔠𝔬𝔡𝔢, a U+2028 \u2028 and U+2029 \u2029 inside', after: { '😀': 1, '！': 2, é: 3, e: 4, Z: 5, a: 6 } },
  { before: { nested: { deeper: [1, { z: null, a: [true, false] }], empty: {} } }, after: [] },
  { after: { numbers: [0, -0, 1.5, -2.25, 1e21, 1e-7, 123456789012345680000, 0.1, 5e-324, 1.7976931348623157e308, 100, 12.0] } },
  { reason: 'quotes " and \\ backslash, tab\tnew\nline, bell \u0007, del \u007f, nul \u0000, lone \ud800 surrogate' },
  { actorId: null, actorLabel: 'system', claimId: null, before: null, after: null, requestId: 'req-1' },
  { after: { 'key with "quotes"': 'v', κλειδί: 'Ελληνικά', ключ: 'Кириллица', Ключ: 'Capital' } },
];

const events = chain(TRICKY);
const lastSeq = events.length;
const good = [signHead(signer, events[2]!), signHead(signer, events[lastSeq - 1]!)];
const goodBundle = toLines([header(events, [signer]), ...events, ...good]);

function expectAgree(bundle: string | Uint8Array, trustKeys: string[] = []) {
  const { ours, python } = checkBoth(bundle, trustKeys);
  expect(python).toEqual(ours);
  return ours;
}

const replaceEvent = (list: BundleEvent[], seq: number, edit: (e: BundleEvent) => BundleEvent) => list.map((e) => (e.seq === seq ? edit(e) : e));

describe('good bundles', { timeout: 60_000 }, () => {
  it('reproduces the worked example of docs/audit-format.md §1.1', () => {
    const [event] = chain([
      { at: '2026-12-01T09:00:00.000Z', actorId: null, actorLabel: 'system', action: 'claim.created', claimId: 'c', after: { b: 1, a: [1.0, 'é'] } },
    ]);
    expect(event!.hash).toBe('4e8e155004ddccefb83cb3bebed0b7bf8de3de27d4ec02749364da723330191d');
    const doc = readFileSync(path.resolve(import.meta.dirname, '../../docs/audit-format.md'), 'utf8');
    expect(doc).toContain(event!.hash);
    expect(expectAgree(toLines([header([event!], []), event!]))).toMatchObject({ ok: true, checked: 1 });
  });

  it('verifies tricky payloads and proves them up to the newest signed head', () => {
    expect(expectAgree(goodBundle)).toEqual({ ok: true, checked: lastSeq, problemCount: 0, problems: [], provenTo: lastSeq, unsignedTail: 0 });
  });

  it('verifies a range from the middle, with an unsigned tail', () => {
    const range = events.filter((e) => e.seq >= 3 && e.seq <= 7);
    const bundle = toLines([header(events, [signer], { from: 3, to: 7 }), ...range, signHead(signer, events[3]!)]);
    expect(expectAgree(bundle)).toMatchObject({ ok: true, checked: 5, provenTo: 4, unsignedTail: 3 });
  });

  it('accepts a key rotation: one head signed by the old and the new key', () => {
    const next = makeSigner();
    const bundle = toLines([header(events, [signer, next]), ...events, ...good, signHead(next, events[lastSeq - 1]!)]);
    expect(expectAgree(bundle)).toMatchObject({ ok: true, provenTo: lastSeq });
  });

  it("follows a rotation event back: a reader who pins the new key trusts the old key's checkpoints", () => {
    const next = makeSigner();
    const withRotation = chain([...TRICKY, { action: 'audit.key_rotated', actorLabel: 'system', after: rotationPayload(signer, next) }]);
    const last = withRotation.at(-1)!;
    const bundle = toLines([header(withRotation, [signer, next]), ...withRotation, signHead(signer, withRotation[2]!), signHead(next, last)]);
    expect(expectAgree(bundle, [next.keyId])).toMatchObject({ ok: true, provenTo: last.seq });
    // Without the rotation event, the old key's checkpoint is not vouched for.
    const plain = chain([...TRICKY, { action: 'claim.updated', actorLabel: 'system', after: {} }]);
    const unvouched = toLines([header(plain, [signer, next]), ...plain, signHead(signer, plain[2]!), signHead(next, plain.at(-1)!)]);
    expect(expectAgree(unvouched, [next.keyId])).toMatchObject({ ok: false, problems: [{ kind: 'bad-signature', seq: 3 }] });
  });

  it('says so when nothing is signed yet', () => {
    expect(expectAgree(toLines([header(events, []), ...events]))).toMatchObject({ ok: true, provenTo: null, unsignedTail: lastSeq });
  });

  it('streams: any chunking gives the same report as the whole text', async () => {
    const bytes = Buffer.from(goodBundle);
    function* chunks(size: number) {
      for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
    }
    for (const size of [1, 7, 4096]) expect(await checkBundleStream(chunks(size))).toEqual(checkBundle(bytes));
  });
});

describe('tampered bundles: each is caught with the right reason and seq, by both verifiers', { timeout: 60_000 }, () => {
  const bundleOf = (list: BundleEvent[], checkpoints: BundleCheckpoint[] = good, signers = [signer]) =>
    toLines([header(events, signers), ...list, ...checkpoints]);

  it('an edited reason', () => {
    const edited = replaceEvent(events, 4, (e) => ({ ...e, reason: 'nothing to see here' }));
    expect(expectAgree(bundleOf(edited)).problems).toEqual([{ kind: 'rewritten', seq: 4 }]);
  });

  it('a cut file: the newest events and the checkpoints after them are gone', () => {
    const lines = goodBundle.split('\n');
    const cut = lines.slice(0, 1 + 5).join('\n') + '\n';
    expect(expectAgree(cut).problems).toEqual([{ kind: 'truncated', lastSeq: 5, signedSeq: lastSeq }]);
  });

  it('a file cut in the middle of a line', () => {
    const cut = goodBundle.slice(0, goodBundle.indexOf('"seq":6') + 20);
    expect(expectAgree(cut).problems).toEqual([
      { kind: 'malformed', line: 7 },
      { kind: 'truncated', lastSeq: 5, signedSeq: lastSeq },
    ]);
  });

  it('the newest events deleted, the signed head kept', () => {
    expect(expectAgree(bundleOf(events.slice(0, 6))).problems).toEqual([{ kind: 'truncated', lastSeq: 6, signedSeq: lastSeq }]);
  });

  it('re-ordered lines', () => {
    const swapped = [...events];
    [swapped[4], swapped[5]] = [swapped[5]!, swapped[4]!];
    expect(expectAgree(bundleOf(swapped)).problems).toEqual([{ kind: 'malformed', line: 7, seq: 5 }]);
  });

  it('a duplicated line', () => {
    const doubled = [...events.slice(0, 3), events[2]!, ...events.slice(3)];
    expect(expectAgree(bundleOf(doubled)).problems).toEqual([{ kind: 'malformed', line: 5, seq: 3 }]);
  });

  it('an event removed in the middle', () => {
    expect(expectAgree(bundleOf(events.filter((e) => e.seq !== 5))).problems).toEqual([{ kind: 'rewritten', seq: 5 }]);
  });

  it('a checkpoint re-signed with a key the header does not list', () => {
    const forged = signHead(makeSigner(), events[lastSeq - 1]!);
    expect(expectAgree(bundleOf(events, [good[0]!, forged])).problems).toEqual([{ kind: 'bad-signature', seq: lastSeq }]);
  });

  it("a forger's own key added to the header passes on its own, and fails against a pinned key id", () => {
    const forger = makeSigner();
    const rewritten = rechain(replaceEvent(events, 2, (e) => ({ ...e, reason: 'softened' })));
    const bundle = bundleOf(rewritten, [signHead(forger, rewritten[lastSeq - 1]!)], [forger]);
    expect(expectAgree(bundle)).toMatchObject({ ok: true, provenTo: lastSeq });
    expect(checkBundle(bundle).header?.keyIds).toEqual([forger.keyId]);
    expect(expectAgree(bundle, [signer.keyId]).problems).toEqual([{ kind: 'bad-signature', seq: lastSeq }]);
  });

  it('a signature altered by one character', () => {
    const last = good[1]!;
    const sig = last.sig.slice(0, 10) + (last.sig[10] === 'A' ? 'B' : 'A') + last.sig.slice(11);
    expect(expectAgree(bundleOf(events, [good[0]!, { ...last, sig }])).problems).toEqual([{ kind: 'bad-signature', seq: lastSeq }]);
  });

  it('a fork: two validly signed heads for one seq', () => {
    const other = rechain(replaceEvent(events, 3, (e) => ({ ...e, reason: 'another history' })));
    const bundle = bundleOf(events, [good[0]!, good[1]!, signHead(signer, other[lastSeq - 1]!)]);
    expect(expectAgree(bundle).problems).toEqual([{ kind: 'forked', seqs: [lastSeq] }]);
  });

  it('the whole chain rewritten with recomputed hashes, against the signed heads', () => {
    const rewritten = rechain(replaceEvent(events, 2, (e) => ({ ...e, reason: 'softened' })));
    expect(expectAgree(bundleOf(rewritten)).problems).toEqual([
      { kind: 'rewritten', seq: 3 },
      { kind: 'rewritten', seq: lastSeq },
    ]);
  });

  it('one event re-hashed after an edit breaks the link to the next', () => {
    const edited = replaceEvent(events, 4, (e) => rechain([{ ...e, reason: 'edited' }], e.prevHash)[0]!);
    expect(expectAgree(bundleOf(edited)).problems).toEqual([{ kind: 'rewritten', seq: 5 }]);
  });

  it('malformed lines: not JSON, a wrong schema, a second header, invalid UTF-8', () => {
    const lines = goodBundle.split('\n');
    lines.splice(3, 0, '{not json', JSON.stringify({ type: 'event', seq: 1 }), lines[0]!);
    expect(expectAgree(lines.join('\n')).problems).toEqual([
      { kind: 'malformed', line: 4 },
      { kind: 'malformed', line: 5 },
      { kind: 'malformed', line: 6 },
    ]);
    const bytes = Buffer.from(goodBundle);
    const at = bytes.indexOf(Buffer.from('😀'));
    bytes[at + 1] = 0x41;
    expect(expectAgree(bytes).problems).toEqual([
      { kind: 'malformed', line: 4 },
      { kind: 'rewritten', seq: 3 },
      { kind: 'rewritten', seq: 3 },
    ]);
  });

  it("a forged key rotation: signed by a key of the forger's own instead of the current one, or with its names swapped", () => {
    const next = makeSigner();
    const forger = makeSigner();
    const rotated = (after: unknown) => chain([...TRICKY, { action: 'audit.key_rotated', actorLabel: 'system', after }]);
    const seq = TRICKY.length + 1;
    // Rechained, so only the signatures can tell: the hash chain is intact.
    const forged = rotated(rotationPayload(signer, next, undefined, { old: forger }));
    expect(expectAgree(toLines([header(forged, [signer, next]), ...forged])).problems).toEqual([{ kind: 'bad-signature', seq }]);
    const swapped = { ...rotationPayload(signer, next), newKeyId: forger.keyId };
    const renamed = rotated(swapped);
    expect(expectAgree(toLines([header(renamed, [signer]), ...renamed])).problems).toEqual([{ kind: 'bad-signature', seq }]);
    // A forged rotation vouches for nothing: the old key's checkpoint is untrusted under a pin of the new key.
    const pinned = toLines([header(forged, [signer, next]), ...forged, signHead(signer, forged[2]!)]);
    expect(expectAgree(pinned, [next.keyId]).problems).toEqual([
      { kind: 'bad-signature', seq },
      { kind: 'bad-signature', seq: 3 },
    ]);
  });

  it('an empty file and a broken header', () => {
    expect(expectAgree('').problems).toEqual([{ kind: 'malformed' }]);
    expect(expectAgree(goodBundle.replace('"v":1', '"v":2')).problems).toEqual([{ kind: 'malformed', line: 1 }]);
  });

  it('keeps the list bounded and counts the rest', () => {
    const many = chain(Array.from({ length: 80 }, () => ({})));
    const broken = many.map((e) => ({ ...e, reason: 'x' }));
    const outcome = expectAgree(toLines([header(many, [signer]), ...broken]));
    expect(outcome.problems).toHaveLength(50);
    expect(outcome.problemCount).toBe(80);
  });
});

describe('properties', { timeout: 120_000 }, () => {
  const original = Buffer.from(goodBundle);
  /** What the bundle says: every line's JSON value (null when a line does not parse). */
  const meaning = (bytes: Uint8Array): string | null => {
    try {
      const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
      const values = text
        .replace(/\n$/, '')
        .split('\n')
        .map((l, i) => {
          const v = JSON.parse(l) as Record<string, unknown>;
          // exportedAt is the one field nothing covers (see docs/audit-format.md)
          return i === 0 ? { ...v, exportedAt: null } : v;
        });
      return JSON.stringify(values);
    } catch {
      return null;
    }
  };
  const unchanged = meaning(original);
  const byteEdit = fc.record({ at: fc.nat({ max: original.length - 1 }), delta: fc.integer({ min: 1, max: 255 }) });
  const applyByte = ({ at, delta }: { at: number; delta: number }) => {
    const edited = Buffer.from(original);
    edited[at] = (edited[at]! + delta) % 256;
    return edited;
  };
  const fields = ['seq', 'at', 'actorId', 'actorLabel', 'action', 'claimId', 'before', 'after', 'reason', 'requestId', 'prevHash', 'hash'] as const;
  const fieldEdit = fc
    .record({ seq: fc.integer({ min: 1, max: lastSeq }), field: fc.constantFrom(...fields), value: fc.jsonValue() })
    .filter(({ seq, field, value }) => JSON.stringify(events[seq - 1]![field]) !== JSON.stringify(value));
  const applyField = ({ seq, field, value }: { seq: number; field: (typeof fields)[number]; value: unknown }) =>
    toLines([header(events, [signer]), ...events.map((e) => (e.seq === seq ? { ...e, [field]: value } : e)), ...good]);

  it('our checker detects any single-byte edit that changes what the bundle says', () => {
    fc.assert(
      fc.property(byteEdit, (edit) => {
        const edited = applyByte(edit);
        if (meaning(edited) !== unchanged) expect(ourOutcome(edited).ok).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it('our checker detects any event field replaced by another JSON value', () => {
    fc.assert(
      fc.property(fieldEdit, (edit) => {
        expect(ourOutcome(applyField(edit)).ok).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('the Python verifier agrees with ours on random byte and field edits', () => {
    const seed = Date.now();
    const bundles = [...fc.sample(byteEdit, { numRuns: 150, seed }).map(applyByte), ...fc.sample(fieldEdit, { numRuns: 80, seed }).map(applyField)];
    const python = runPythonBatch(bundles);
    const disagreements = bundles.flatMap((b, i) => {
      const ours = ourOutcome(b);
      return JSON.stringify(ours) === JSON.stringify(python[i]) ? [] : [{ i, ours, python: python[i] }];
    });
    expect(disagreements, `seed ${seed}`).toEqual([]);
    expect(python.filter((o) => !o.ok).length).toBeGreaterThan(200);
  });
});

describe('npm run audit:check-bundle', { timeout: 120_000 }, () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'factdesk-cli-'));
  const run = (...args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', '--import', './scripts/register-server-only.mjs', 'scripts/check-bundle.ts', ...args], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production' },
    });

  it('exits 0 on a good bundle, 1 with the problems on a tampered one, 2 on a usage error', () => {
    const goodFile = path.join(dir, 'good.jsonl');
    writeFileSync(goodFile, goodBundle);
    const ok = run(goodFile);
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stdout).toContain(`Proven up to seq ${lastSeq}`);

    const badFile = path.join(dir, 'bad.jsonl');
    writeFileSync(badFile, toLines([header(events, [signer]), ...events.filter((e) => e.seq !== 5), ...good]));
    const bad = run(badFile, '--json');
    expect(bad.status).toBe(1);
    expect((JSON.parse(bad.stdout) as { problems: unknown[] }).problems).toEqual([expect.objectContaining({ kind: 'rewritten', seq: 5 })]);

    expect(run().status).toBe(2);
    expect(run(path.join(dir, 'missing.jsonl')).status).toBe(2);
    expect(run(goodFile, '--trust-key', 'not-hex').status).toBe(2);
  });
});
