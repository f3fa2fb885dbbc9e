// Verifies an audit bundle (lib/audit/checkpoint-format.ts) with nothing but
// its own bytes: no database, no server. Recomputes every event hash and link,
// checks every checkpoint signature against the header's keys and each signed
// head against the event at its seq. docs/audit-format.md is the same
// algorithm in prose; tests/support/verify_bundle.py is a second implementation.
import 'server-only';
import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import type { z } from 'zod';
import {
  bundleCheckpointSchema,
  bundleEventSchema,
  bundleHeaderSchema,
  checkpointMessage,
  KEY_ROTATED_ACTION,
  type KeyRotation,
  keyIdOf,
  keyRotationProblem,
  keyRotationSchema,
  trustThroughRotations,
  type AuditProblem,
  type AuditVerification,
  type BundleHeader,
} from './checkpoint-format';
import { hashEvent } from './hash';

/** The report lists at most this many problems; `problemCount` says how many there were. */
export const MAX_PROBLEMS = 50;

export type BundleCheckOptions = {
  /**
   * Key ids the reader trusts (published by the newsroom out of band). A
   * bundle carries its own public keys, so without a pin a forger who rewrites
   * everything can sign with a key of their own; with one, such a checkpoint
   * is a bad signature.
   */
  trustedKeyIds?: readonly string[];
};

export type BundleReport = AuditVerification & {
  /** The header's range and keys, or null when the first line is not a valid header. */
  header: { from: number; to: number; exportedAt: string; keyIds: string[] } | null;
  /** All problems found, including those past MAX_PROBLEMS. */
  problemCount: number;
};

type Slot = { hash: string; prevHash: string; line: number };
type SignedHead = { seq: number; hash: string; at: string; keyId: string; line: number };

/** Decodes base64url only in its canonical form, so one signature has one spelling. */
function decodeBase64url(text: string, bytes: number): Buffer | null {
  const buf = Buffer.from(text, 'base64url');
  return buf.length === bytes && buf.toString('base64url') === text ? buf : null;
}

function zodWhy(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.length ? issue.path.join('.') : 'line'}: ${issue.message}` : 'does not match the schema';
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A checker fed one line at a time (text without its LF; null when the bytes were not UTF-8). */
export function createBundleChecker(options: BundleCheckOptions = {}) {
  const trusted = options.trustedKeyIds ? new Set(options.trustedKeyIds) : null;
  const problems: AuditProblem[] = [];
  let problemCount = 0;
  const report = (p: AuditProblem) => {
    problemCount += 1;
    if (problems.length < MAX_PROBLEMS) problems.push(p);
  };

  let lineNo = 0;
  let header: BundleHeader | null = null;
  let stopped = false;
  const keys = new Map<string, KeyObject>();
  const slots = new Map<number, Slot>();
  let maxSeq = 0;
  let checked = 0;
  let sawCheckpoint = false;
  let lastCheckpointSeq = 0;
  const checkpointsSeen = new Map<string, number>();
  const heads: SignedHead[] = [];
  const rotations: KeyRotation[] = [];
  let trustedNow: Set<string> | null | undefined;

  function readHeader(value: unknown): void {
    const parsed = bundleHeaderSchema.safeParse(value);
    if (!parsed.success) {
      fail(`the first line must be the bundle header: ${zodWhy(parsed.error)}`);
      return;
    }
    for (const entry of parsed.data.publicKeys) {
      const raw = decodeBase64url(entry.publicKey, 32);
      if (!raw) {
        fail(`public key ${entry.keyId} is not 32 bytes of canonical base64url`);
        return;
      }
      if (keyIdOf(raw) !== entry.keyId) {
        fail(`public key ${entry.keyId}: its id should be ${keyIdOf(raw)}`);
        return;
      }
      try {
        keys.set(entry.keyId, createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: entry.publicKey }, format: 'jwk' }));
      } catch {
        fail(`public key ${entry.keyId} is not an Ed25519 key`);
        return;
      }
    }
    header = parsed.data;
  }

  // Without a header there is no range, start hash or key to check against.
  function fail(why: string): void {
    report({ kind: 'malformed', line: 1, why });
    stopped = true;
  }

  function readEvent(value: unknown, h: BundleHeader): void {
    const parsed = bundleEventSchema.safeParse(value);
    if (!parsed.success) {
      report({ kind: 'malformed', line: lineNo, why: `not an audit event: ${zodWhy(parsed.error)}` });
      return;
    }
    const { type: _type, hash, ...content } = parsed.data;
    const { seq } = content;
    let computed: string;
    try {
      computed = hashEvent(content);
    } catch {
      // A payload nested deeper than the stack can encode (a hostile file).
      report({ kind: 'malformed', line: lineNo, seq, why: 'the event is nested too deeply to encode' });
      return;
    }
    checked += 1;
    if (computed !== hash) {
      report({ kind: 'rewritten', seq, why: `line ${lineNo}: the event's content does not match its hash (it was edited)` });
    }
    if (content.action === KEY_ROTATED_ACTION) {
      const why = keyRotationProblem(content.after);
      if (why) report({ kind: 'bad-signature', seq, why: `line ${lineNo}: ${why}` });
      else rotations.push(keyRotationSchema.parse(content.after));
    }
    if (sawCheckpoint) report({ kind: 'malformed', line: lineNo, seq, why: 'an event after the checkpoints' });
    if (seq < h.from || seq > h.to) {
      report({ kind: 'malformed', line: lineNo, seq, why: `seq ${seq} is outside the header's range ${h.from}–${h.to}` });
      return;
    }
    const first = slots.get(seq);
    if (first) {
      report({ kind: 'malformed', line: lineNo, seq, why: `seq ${seq} again (first on line ${first.line})` });
      return;
    }
    if (seq < maxSeq) report({ kind: 'malformed', line: lineNo, seq, why: `out of order: seq ${seq} comes after seq ${maxSeq}` });
    slots.set(seq, { hash, prevHash: content.prevHash, line: lineNo });
    maxSeq = Math.max(maxSeq, seq);
  }

  function readCheckpoint(value: unknown, h: BundleHeader): void {
    const parsed = bundleCheckpointSchema.safeParse(value);
    if (!parsed.success) {
      report({ kind: 'malformed', line: lineNo, why: `not a checkpoint: ${zodWhy(parsed.error)}` });
      return;
    }
    const cp = parsed.data;
    sawCheckpoint = true;
    const identity = `${cp.seq} ${cp.hash} ${cp.at} ${cp.keyId} ${cp.sig}`;
    const firstLine = checkpointsSeen.get(identity);
    if (firstLine !== undefined) {
      report({ kind: 'malformed', line: lineNo, seq: cp.seq, why: `the checkpoint on line ${firstLine} again` });
      return;
    }
    checkpointsSeen.set(identity, lineNo);
    if (cp.seq < lastCheckpointSeq) {
      report({ kind: 'malformed', line: lineNo, seq: cp.seq, why: `out of order: checkpoint ${cp.seq} comes after checkpoint ${lastCheckpointSeq}` });
    }
    lastCheckpointSeq = Math.max(lastCheckpointSeq, cp.seq);
    const key = keys.get(cp.keyId);
    if (!key) {
      report({ kind: 'bad-signature', seq: cp.seq, why: `line ${lineNo}: signed by key ${cp.keyId}, which the header does not list` });
      return;
    }
    // A pinned key also vouches for the keys it took over from (rotation events, which come before the checkpoints).
    trustedNow ??= trusted && trustThroughRotations(trusted, rotations);
    if (trustedNow && !trustedNow.has(cp.keyId)) {
      report({ kind: 'bad-signature', seq: cp.seq, why: `line ${lineNo}: signed by key ${cp.keyId}, which is not among the trusted keys` });
      return;
    }
    const sig = decodeBase64url(cp.sig, 64);
    if (!sig || !verify(null, checkpointMessage(cp), key, sig)) {
      report({ kind: 'bad-signature', seq: cp.seq, why: `line ${lineNo}: the signature does not verify with key ${cp.keyId}` });
      return;
    }
    if (cp.seq < h.from) {
      report({ kind: 'malformed', line: lineNo, seq: cp.seq, why: `checkpoint ${cp.seq} is before the bundle's first seq ${h.from}` });
      return;
    }
    heads.push({ seq: cp.seq, hash: cp.hash, at: cp.at, keyId: cp.keyId, line: lineNo });
  }

  // A broken first line leaves no header: nothing after it can be checked.
  function problemAt(why: string): void {
    if (lineNo === 1) fail(why);
    else report({ kind: 'malformed', line: lineNo, why });
  }

  function line(text: string | null): void {
    lineNo += 1;
    if (stopped) return;
    if (text === null) {
      problemAt('not valid UTF-8');
      return;
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      const why = `not JSON: ${error instanceof Error ? error.message : String(error)}`;
      problemAt(why);
      return;
    }
    if (lineNo === 1) {
      readHeader(value);
      return;
    }
    if (!header) return;
    const type = isObject(value) ? value['type'] : undefined;
    if (type === 'event') {
      readEvent(value, header);
      return;
    }
    if (type === 'checkpoint') {
      readCheckpoint(value, header);
      return;
    }
    report({ kind: 'malformed', line: lineNo, why: type === 'header' ? 'a second header' : 'not a header, event or checkpoint line' });
  }

  function linksAndGaps(h: BundleHeader): void {
    let prev = h.from - 1;
    for (const [seq, slot] of [...slots].sort(([a], [b]) => a - b)) {
      if (seq > prev + 1) {
        const gap = seq - 1 === prev + 1 ? `event ${prev + 1} is` : `events ${prev + 1}–${seq - 1} are`;
        report({ kind: 'rewritten', seq: prev + 1, why: `${gap} missing (line ${slot.line} holds seq ${seq})` });
      } else {
        const expected = seq === h.from ? h.prevHash : slots.get(seq - 1)?.hash;
        if (slot.prevHash !== expected) {
          const of = seq === h.from ? "the header's prevHash" : `the hash of event ${seq - 1}`;
          report({ kind: 'rewritten', seq, why: `line ${slot.line}: its prevHash does not match ${of}` });
        }
      }
      prev = seq;
    }
  }

  function signedHeads(h: BundleHeader, lastSeq: number): void {
    const beyond = heads.filter((c) => c.seq > lastSeq);
    if (beyond.length) {
      const signedSeq = Math.max(...beyond.map((c) => c.seq));
      report({ kind: 'truncated', lastSeq, signedSeq, why: `events end at seq ${lastSeq}, but a signed checkpoint covers seq ${signedSeq}` });
    } else if (lastSeq < h.to) {
      report({ kind: 'truncated', lastSeq, signedSeq: h.to, why: `events end at seq ${lastSeq}, but the header says the bundle holds up to seq ${h.to}` });
    }
    const bySeq = new Map<number, SignedHead[]>();
    for (const c of heads) if (c.seq <= lastSeq) bySeq.set(c.seq, [...(bySeq.get(c.seq) ?? []), c]);
    for (const [seq, group] of [...bySeq].sort(([a], [b]) => a - b)) {
      const hashes = new Set(group.map((c) => c.hash));
      if (hashes.size > 1) {
        report({ kind: 'forked', seqs: [seq], why: `signed checkpoints on lines ${group.map((c) => c.line).join(', ')} name different hashes for seq ${seq}` });
      }
      const slot = slots.get(seq);
      if (!slot) report({ kind: 'rewritten', seq, why: `a signed checkpoint covers seq ${seq}, but that event is missing` });
      else if (!hashes.has(slot.hash)) {
        report({
          kind: 'rewritten',
          seq,
          why: `the signed head names hash ${[...hashes][0]?.slice(0, 12) ?? ''}…, the event on line ${slot.line} has ${slot.hash.slice(0, 12)}…`,
        });
      }
    }
  }

  function end(): BundleReport {
    if (lineNo === 0) report({ kind: 'malformed', why: 'the bundle is empty' });
    const h: BundleHeader | null = header;
    if (!h) return { ok: false, checked, problems, problemCount, header: null };
    const lastSeq = slots.size ? Math.max(...slots.keys()) : h.from - 1;
    linksAndGaps(h);
    signedHeads(h, lastSeq);
    const summary = { from: h.from, to: h.to, exportedAt: h.exportedAt, keyIds: h.publicKeys.map((k) => k.keyId) };
    if (problemCount > 0) return { ok: false, checked, problems, problemCount, header: summary };
    // The newest head; of several at one seq (a key rotation), the last signed.
    const newest = heads.reduce<SignedHead | null>((best, c) => (!best || c.seq > best.seq || (c.seq === best.seq && c.at > best.at) ? c : best), null);
    return {
      ok: true,
      checked,
      provenTo: newest ? { seq: newest.seq, at: newest.at, keyId: newest.keyId } : null,
      unsignedTail: lastSeq - (newest ? newest.seq : h.from - 1),
      problemCount: 0,
      header: summary,
    };
  }

  return { line, end };
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const decodeLine = (bytes: Uint8Array): string | null => {
  try {
    return utf8.decode(bytes);
  } catch {
    return null;
  }
};

/**
 * Checks a whole bundle. Lines end with LF (only LF: U+2028 inside a string is
 * not a line end); a final LF does not start another line. Bytes are decoded
 * as strict UTF-8, line by line.
 */
export function checkBundle(input: string | Uint8Array, options: BundleCheckOptions = {}): BundleReport {
  const checker = createBundleChecker(options);
  if (typeof input === 'string') {
    const lines = input.split('\n');
    if (lines.at(-1) === '') lines.pop();
    for (const text of lines) checker.line(text);
    return checker.end();
  }
  let start = 0;
  while (start < input.length) {
    const lf = input.indexOf(0x0a, start);
    const stop = lf === -1 ? input.length : lf;
    checker.line(decodeLine(input.subarray(start, stop)));
    start = stop + 1;
  }
  return checker.end();
}

/** Checks a bundle as it streams (a file read stream): memory grows with the event count, not the file size. */
export async function checkBundleStream(chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, options: BundleCheckOptions = {}): Promise<BundleReport> {
  const checker = createBundleChecker(options);
  let pending: Buffer = Buffer.alloc(0);
  for await (const chunk of chunks) {
    let buf = pending.length ? Buffer.concat([pending, chunk]) : Buffer.from(chunk);
    for (let lf = buf.indexOf(0x0a); lf !== -1; lf = buf.indexOf(0x0a)) {
      checker.line(decodeLine(buf.subarray(0, lf)));
      buf = buf.subarray(lf + 1);
    }
    pending = buf;
  }
  if (pending.length) checker.line(decodeLine(pending));
  return checker.end();
}
