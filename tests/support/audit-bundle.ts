// Builds audit bundles for tests: events chained with the app's own hashEvent,
// checkpoints signed with a key made here, and the two verifiers to run on them
// (lib/audit/check-bundle.ts and the independent tests/support/verify_bundle.py).
import { spawnSync } from 'node:child_process';
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { checkBundle, type BundleReport } from '../../lib/audit/check-bundle';
import {
  BUNDLE_FORMAT,
  checkpointMessage,
  keyIdOf,
  type KeyRotation,
  keyRotationMessage,
  type AuditProblem,
  type BundleCheckpoint,
  type BundleEvent,
  type BundleHeader,
} from '../../lib/audit/checkpoint-format';
import { GENESIS_HASH, hashEvent } from '../../lib/audit/hash';

export type Signer = { keyId: string; publicKey: string; privateKey: KeyObject };

export function makeSigner(): Signer {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const x = publicKey.export({ format: 'jwk' }).x ?? '';
  return { keyId: keyIdOf(Buffer.from(x, 'base64url')), publicKey: x, privateKey };
}

export function signHead(signer: Signer, head: { seq: number; hash: string; at: string }): BundleCheckpoint {
  const sig = sign(null, checkpointMessage(head), signer.privateKey).toString('base64url');
  return { type: 'checkpoint', v: 1, seq: head.seq, hash: head.hash, at: head.at, keyId: signer.keyId, sig };
}

/** The payload of an `audit.key_rotated` event from `from` to `to`, signed by both (or as `sign` says). */
export function rotationPayload(from: Signer, to: Signer, at = '2026-12-01T11:00:00.000Z', signers: { old?: Signer; new?: Signer } = {}): KeyRotation {
  const statement = { oldKeyId: from.keyId, oldPublicKey: from.publicKey, newKeyId: to.keyId, newPublicKey: to.publicKey, at };
  const message = keyRotationMessage(statement);
  return {
    ...statement,
    oldSig: sign(null, message, (signers.old ?? from).privateKey).toString('base64url'),
    newSig: sign(null, message, (signers.new ?? to).privateKey).toString('base64url'),
  };
}

export type EventInput = Partial<Omit<BundleEvent, 'type' | 'seq' | 'prevHash' | 'hash'>>;

/** Events seq 1…n chained from GENESIS_HASH, each hashed by lib/audit/hash.ts. */
export function chain(inputs: EventInput[]): BundleEvent[] {
  const events: BundleEvent[] = [];
  for (const [i, input] of inputs.entries()) {
    const prevHash = events.at(-1)?.hash ?? GENESIS_HASH;
    const content = {
      seq: i + 1,
      at: new Date(Date.UTC(2026, 11, 1, 9, 0, i)).toISOString(),
      actorId: 'u_editor',
      actorLabel: 'Ana Editor',
      action: 'claim.verdict_set',
      claimId: 'c_1',
      before: null,
      after: { verdict: 'false' },
      reason: null,
      requestId: null,
      ...input,
      prevHash,
    };
    events.push({ type: 'event', ...content, hash: hashEvent(content) });
  }
  return events;
}

/** Re-links events after an edit, as a forger who recomputes the chain would. */
export function rechain(events: BundleEvent[], prevHash = GENESIS_HASH): BundleEvent[] {
  const out: BundleEvent[] = [];
  for (const { type: _type, hash: _hash, ...content } of events) {
    const linked = { ...content, prevHash: out.at(-1)?.hash ?? prevHash };
    out.push({ type: 'event', ...linked, hash: hashEvent(linked) });
  }
  return out;
}

export function header(events: BundleEvent[], signers: Signer[], range?: { from: number; to: number }): BundleHeader {
  const from = range?.from ?? 1;
  return {
    type: 'header',
    format: BUNDLE_FORMAT,
    v: 1,
    exportedAt: '2026-12-01T10:00:00.000Z',
    from,
    to: range?.to ?? events.at(-1)?.seq ?? 0,
    prevHash: from === 1 ? GENESIS_HASH : (events.find((e) => e.seq === from)?.prevHash ?? GENESIS_HASH),
    publicKeys: signers.map((s) => ({ keyId: s.keyId, publicKey: s.publicKey })),
  };
}

export const toLines = (lines: object[]): string => lines.map((l) => `${JSON.stringify(l)}\n`).join('');

/** What both verifiers must agree on: the verdict, counts and each problem's kind and place (not the wording). */
export type Outcome = {
  ok: boolean;
  checked: number;
  problemCount: number;
  problems: Omit<AuditProblem, 'why'>[];
  provenTo: number | null;
  unsignedTail: number | null;
};

const place = (p: AuditProblem | Record<string, unknown>): Omit<AuditProblem, 'why'> => {
  const { why: _why, ...rest } = p as AuditProblem;
  return rest;
};

function outcomeOf(r: BundleReport): Outcome {
  return r.ok
    ? { ok: true, checked: r.checked, problemCount: 0, problems: [], provenTo: r.provenTo?.seq ?? null, unsignedTail: r.unsignedTail }
    : { ok: false, checked: r.checked, problemCount: r.problemCount, problems: r.problems.map(place), provenTo: null, unsignedTail: null };
}

const PYTHON_VERIFIER = path.join(import.meta.dirname, 'verify_bundle.py');
const scratch = mkdtempSync(path.join(tmpdir(), 'factdesk-bundle-'));
let fileNo = 0;

type PythonReport = {
  ok: boolean;
  checked: number;
  problemCount: number;
  problems?: Record<string, unknown>[];
  provenTo?: { seq: number } | null;
  unsignedTail?: number;
};

const outcomeOfPython = (r: PythonReport): Outcome => ({
  ok: r.ok,
  checked: r.checked,
  problemCount: r.problemCount,
  problems: (r.problems ?? []).map(place),
  provenTo: r.ok ? (r.provenTo?.seq ?? null) : null,
  unsignedTail: r.ok ? (r.unsignedTail ?? null) : null,
});

/** Many bundles through one Python process (starting one per bundle is most of the cost). */
export function runPythonBatch(bundles: (string | Uint8Array)[]): Outcome[] {
  const files = bundles.map((bundle) => {
    const file = path.join(scratch, `bundle-${++fileNo}.jsonl`);
    writeFileSync(file, bundle);
    return file;
  });
  const run = spawnSync('python3', [PYTHON_VERIFIER, '--batch', ...files], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`verify_bundle.py --batch failed (${run.status}): ${run.stderr}`);
  return run.stdout
    .trim()
    .split('\n')
    .map((line) => outcomeOfPython(JSON.parse(line) as PythonReport));
}

/** Our checker's outcome, in the shape both verifiers are compared in. */
export const ourOutcome = (bundle: string | Uint8Array, trustKeys: string[] = []): Outcome =>
  outcomeOf(checkBundle(bundle, trustKeys.length ? { trustedKeyIds: trustKeys } : {}));

export function runPython(bundle: string | Uint8Array, trustKeys: string[] = []): Outcome & { exitCode: number | null } {
  const file = path.join(scratch, `bundle-${++fileNo}.jsonl`);
  writeFileSync(file, bundle);
  const run = spawnSync('python3', [PYTHON_VERIFIER, file, ...trustKeys.flatMap((k) => ['--trust-key', k])], { encoding: 'utf8' });
  if (run.status !== 0 && run.status !== 1) throw new Error(`verify_bundle.py failed (${run.status}): ${run.stderr}`);
  return { ...outcomeOfPython(JSON.parse(run.stdout) as PythonReport), exitCode: run.status };
}

/** Both verifiers' outcomes for one bundle. */
export function checkBoth(bundle: string | Uint8Array, trustKeys: string[] = []): { ours: Outcome; python: Outcome } {
  const ours = ourOutcome(bundle, trustKeys);
  const { exitCode, ...python } = runPython(bundle, trustKeys);
  if (exitCode !== (python.ok ? 0 : 1)) throw new Error(`verify_bundle.py exit code ${exitCode} for ok=${python.ok}`);
  return { ours, python };
}
