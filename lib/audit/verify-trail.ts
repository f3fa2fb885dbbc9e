// Verifies the audit trail against the signed checkpoints it can trust: those
// in DATA_DIR/audit-checkpoints.jsonl whose signatures verify with a known key.
// The audit_checkpoints table is only a copy: whoever can rewrite audit_events
// can rewrite it too, so it is never trusted here.
import 'server-only';
import { verify } from 'node:crypto';
import { db } from '../db';
import { readCheckpointFile } from './checkpoint-file';
import {
  type AuditProblem,
  type AuditVerification,
  type Checkpoint,
  checkpointMessage,
  KEY_ROTATED_ACTION,
  type KeyRotation,
  keyRotationProblem,
  keyRotationSchema,
  trustThroughRotations,
} from './checkpoint-format';
import { GENESIS_HASH, hashEvent } from './hash';
import { loadSigningKey, publicKeyEntry, publicKeyFromRaw, trustedPublicKeys } from './signing-key';
import { toChainedEvent } from './to-record';

const BATCH = 1000;
const MAX_PROBLEMS = 50;

type Trusted = { checkpoints: Checkpoint[]; problems: AuditProblem[] };
type TrustedKeys = ReturnType<typeof trustedPublicKeys>;

/**
 * The configured keys, plus every key a valid `audit.key_rotated` event hands
 * over from (followed back from the trusted ones). A rotation event is only a
 * few rows; one whose signatures fail is a problem, and extends no trust.
 */
export async function trustedKeysWithRotations(): Promise<{ keys: TrustedKeys; problems: AuditProblem[] }> {
  const keys = trustedPublicKeys();
  const rows = await db.auditEvent.findMany({ where: { action: KEY_ROTATED_ACTION }, orderBy: { seq: 'asc' }, select: { seq: true, after: true } });
  const problems: AuditProblem[] = [];
  const rotations: KeyRotation[] = [];
  for (const row of rows) {
    const why = keyRotationProblem(row.after);
    if (why) problems.push({ kind: 'bad-signature', seq: Number(row.seq), why: `event ${row.seq}: ${why}` });
    else rotations.push(keyRotationSchema.parse(row.after));
  }
  // Forward only from this process's own key: a server that has not yet loaded
  // the new key still trusts what it signs. (Never from a rotated-out key: one
  // stolen later must not vouch for a forger's.)
  const own = loadSigningKey().publicKey.keyId;
  const start = new Set(keys.keys());
  for (const r of rotations) if (r.oldKeyId === own) start.add(r.newKeyId);
  const ids = trustThroughRotations(start, rotations);
  for (const r of rotations) {
    for (const [id, raw] of [
      [r.oldKeyId, r.oldPublicKey],
      [r.newKeyId, r.newPublicKey],
    ] as const) {
      if (ids.has(id) && !keys.has(id)) {
        const key = publicKeyFromRaw(raw);
        keys.set(id, { entry: publicKeyEntry(key), key });
      }
    }
  }
  return { keys, problems };
}

/** The file's checkpoints whose signatures verify; the others as problems. */
export function trustedCheckpoints(keys: TrustedKeys = trustedPublicKeys()): Trusted {
  const file = readCheckpointFile();
  const problems: AuditProblem[] = file.malformed.map((m) => ({ kind: 'malformed', line: m.line, why: `audit-checkpoints.jsonl line ${m.line}: ${m.why}` }));
  const checkpoints: Checkpoint[] = [];
  const seen = new Set<string>();
  for (const cp of file.checkpoints) {
    const key = keys.get(cp.keyId);
    if (!key) {
      problems.push({ kind: 'bad-signature', seq: cp.seq, why: `checkpoint ${cp.seq} is signed by key ${cp.keyId}, which is not a trusted key` });
      continue;
    }
    if (!verify(null, checkpointMessage(cp), key.key, Buffer.from(cp.sig, 'base64url'))) {
      problems.push({ kind: 'bad-signature', seq: cp.seq, why: `the signature of checkpoint ${cp.seq} does not verify with key ${cp.keyId}` });
      continue;
    }
    // Several servers may sign the same head: once is enough.
    const id = `${cp.seq}:${cp.hash}`;
    if (seen.has(id)) continue;
    seen.add(id);
    checkpoints.push(cp);
  }
  return { checkpoints: checkpoints.sort((a, b) => a.seq - b.seq || a.at.localeCompare(b.at)), problems };
}

/** The whole check behind `npm run audit:verify` and GET /api/audit/verify. */
export async function verifyAuditTrail(): Promise<AuditVerification> {
  const withRotations = await trustedKeysWithRotations();
  const trusted = trustedCheckpoints(withRotations.keys);
  const problems = [...withRotations.problems, ...trusted.problems];
  const signed = new Map<number, Checkpoint[]>();
  for (const cp of trusted.checkpoints) signed.set(cp.seq, [...(signed.get(cp.seq) ?? []), cp]);
  for (const [seq, cps] of signed) {
    if (new Set(cps.map((c) => c.hash)).size > 1) {
      problems.push({ kind: 'forked', seqs: [seq], why: `two validly signed checkpoints for event ${seq} name different hashes: two histories were signed` });
    }
  }

  let prevHash = GENESIS_HASH;
  let expectedSeq = 1;
  let checked = 0;
  let lastSeq = 0;
  // The first content break is reported; signed heads are still compared after it.
  const content = { broken: false };
  const matched: Checkpoint[] = [];
  const mismatched: { cp: Checkpoint; hash: string }[] = [];
  const contentProblem = (p: AuditProblem) => {
    if (!content.broken) problems.push(p);
    content.broken = true;
  };
  for (let cursor = 0n; ;) {
    const rows = await db.auditEvent.findMany({ where: { seq: { gt: cursor } }, orderBy: { seq: 'asc' }, take: BATCH });
    for (const row of rows) {
      // As stored, not parsed: an unreadable payload is still checked against its hash.
      const event = toChainedEvent(row);
      if (event.seq !== expectedSeq) {
        contentProblem({ kind: 'rewritten', seq: expectedSeq, why: `event ${expectedSeq} is missing (next is ${event.seq})` });
      } else if (event.prevHash !== prevHash) {
        contentProblem({ kind: 'rewritten', seq: event.seq, why: 'previous-hash link does not match the event before it' });
      } else {
        const { hash, ...hashed } = event;
        if (hashEvent(hashed) !== hash) contentProblem({ kind: 'rewritten', seq: event.seq, why: 'content does not match its hash (the event was altered)' });
      }
      for (const cp of signed.get(event.seq) ?? []) {
        if (cp.hash === event.hash) matched.push(cp);
        else mismatched.push({ cp, hash: event.hash });
      }
      if (!content.broken) checked += 1;
      prevHash = event.hash;
      expectedSeq = event.seq + 1;
      lastSeq = event.seq;
      cursor = row.seq;
    }
    if (rows.length < BATCH) break;
  }

  for (const { cp, hash } of mismatched) {
    // A later signed head that does match: the history before it was replaced after cp was signed.
    const later = matched.find((m) => m.seq > cp.seq);
    problems.push(
      later
        ? {
            kind: 'forked',
            seqs: [cp.seq, later.seq],
            why: `checkpoints ${cp.seq} and ${later.seq} are both validly signed but describe different histories (an old backup restored, or history replaced)`,
          }
        : {
            kind: 'rewritten',
            seq: cp.seq,
            why: `the signed checkpoint for event ${cp.seq} names hash ${cp.hash.slice(0, 12)}…, the event now hashes to ${hash.slice(0, 12)}…`,
          },
    );
  }
  const newest = trusted.checkpoints.at(-1);
  if (newest && newest.seq > lastSeq) {
    problems.push({
      kind: 'truncated',
      lastSeq,
      signedSeq: newest.seq,
      why: `the chain ends at event ${lastSeq}, but event ${newest.seq} was signed at ${newest.at}: events ${lastSeq + 1}–${newest.seq} are gone`,
    });
  }
  if (problems.length) return { ok: false, checked, problems: problems.slice(0, MAX_PROBLEMS) };
  const proven = matched.at(-1) ?? null;
  return {
    ok: true,
    checked,
    provenTo: proven && { seq: proven.seq, at: proven.at, keyId: proven.keyId },
    unsignedTail: lastSeq - (proven?.seq ?? 0),
  };
}
