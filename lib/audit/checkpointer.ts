// Signs the audit chain's head and keeps the checkpoint outside the database
// (DATA_DIR/audit-checkpoints.jsonl), in audit_checkpoints for convenience, and
// through AUDIT_CHECKPOINT_COMMAND wherever the newsroom chooses.
//
// Never part of a verdict's transaction: the server polls the head after the
// fact (startCheckpointer), exports sign before they write (checkpointHead).
// A crash between a commit and its checkpoint leaves an unsigned tail, which
// verification reports as such, never as tampering. Calls are coalesced: one
// signing at a time per process, and an unchanged head is not signed twice.
import 'server-only';
import { spawn } from 'node:child_process';
import { sign } from 'node:crypto';
import { db } from '../db';
import { config } from '../env';
import { log } from '../log';
import { appendCheckpointLine, readLastCheckpoint } from './checkpoint-file';
import { type Checkpoint, CHECKPOINT_FORMAT_VERSION, checkpointMessage } from './checkpoint-format';
import { loadSigningKey, type SigningKey } from './signing-key';

export type ChainHead = { seq: number; hash: string };

/** How often the server looks at the chain's head (one index lookup). */
export const CHECKPOINT_POLL_MS = 2000;

export function signCheckpoint(head: ChainHead, key: SigningKey, at = new Date()): Checkpoint {
  const unsigned = { seq: head.seq, hash: head.hash, at: at.toISOString() };
  const sig = sign(null, checkpointMessage(unsigned), key.privateKey).toString('base64url');
  return { v: CHECKPOINT_FORMAT_VERSION, ...unsigned, keyId: key.publicKey.keyId, sig };
}

export async function readChainHead(): Promise<ChainHead | null> {
  const last = await db.auditEvent.findFirst({ orderBy: { seq: 'desc' }, select: { seq: true, hash: true } });
  return last ? { seq: Number(last.seq), hash: last.hash } : null;
}

/** Why the head may not be signed: it does not extend the last checkpoint (issue 29). */
export type SigningRefusal = { signedSeq: number; headSeq: number; why: string };

/**
 * A head extends the last checkpoint when the checkpointed event still hashes
 * as signed and the head is at or past it. Anything else is a shortened or
 * rewritten trail, and signing it would put the cut on the record as honest.
 */
export async function signingRefusal(head: ChainHead | null, last: Checkpoint | null): Promise<SigningRefusal | null> {
  if (!last) return null;
  const headSeq = head?.seq ?? 0;
  const stop = 'Checkpoints are not signed until this is resolved; run npm run audit:verify.';
  if (headSeq < last.seq) {
    const gone = headSeq + 1 === last.seq ? `event ${last.seq} is` : `events ${headSeq + 1}–${last.seq} are`;
    return {
      signedSeq: last.seq,
      headSeq,
      why: `The audit trail ends at event ${headSeq}, but event ${last.seq} was signed at ${last.at}: ${gone} gone. ${stop}`,
    };
  }
  const event = await db.auditEvent.findUnique({ where: { seq: BigInt(last.seq) }, select: { hash: true } });
  if (event?.hash === last.hash) return null;
  return {
    signedSeq: last.seq,
    headSeq,
    why: `Event ${last.seq} no longer hashes as it did when it was signed at ${last.at}: the audit trail was rewritten. ${stop}`,
  };
}

/** The signing alarm as it stands now (the audit page and /api/health ask; any process can answer). */
export async function checkpointAlarm(): Promise<SigningRefusal | null> {
  return signingRefusal(await readChainHead(), readLastCheckpoint());
}

type State = { inFlight?: Promise<Checkpoint | null>; timer?: NodeJS.Timeout; lastSignedMs?: number; alarm?: string };
declare global {
  var __factdeskCheckpointer: State | undefined;
}
// Route handlers and the custom server load separate copies of this module: one state.
const state = (): State => (globalThis.__factdeskCheckpointer ??= {});

function runCommand(line: string): void {
  const { AUDIT_CHECKPOINT_COMMAND: command, AUDIT_CHECKPOINT_COMMAND_TIMEOUT_SECONDS: seconds } = config();
  if (!command) return;
  let stderr = '';
  const child = spawn('/bin/sh', ['-c', command], { stdio: ['pipe', 'ignore', 'pipe'], timeout: seconds * 1000, killSignal: 'SIGKILL' });
  child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2000)));
  child.stdin.on('error', () => {}); // a command that does not read stdin
  child.on('error', (e) => log.error({ err: e.message }, 'AUDIT_CHECKPOINT_COMMAND could not be started'));
  child.on('exit', (code, signal) => {
    if (code !== 0) log.error({ code, signal, stderr }, 'AUDIT_CHECKPOINT_COMMAND failed (the checkpoint is in the file and the database)');
  });
  child.stdin.end(line);
}

/** Logs a refusal once (the poller meets it every few seconds), and its end. */
function noteRefusal(refusal: SigningRefusal | null): void {
  const s = state();
  if (refusal && s.alarm !== refusal.why) log.error({ signedSeq: refusal.signedSeq, headSeq: refusal.headSeq }, `AUDIT ALARM: ${refusal.why}`);
  if (!refusal && s.alarm) log.warn('audit checkpoint alarm cleared: the trail extends the last checkpoint again');
  s.alarm = refusal?.why;
}

async function signAndStore(key: SigningKey): Promise<Checkpoint | null> {
  const head = await readChainHead();
  // Read again each time: other processes on this DATA_DIR append too.
  const last = readLastCheckpoint();
  if (head && last && last.seq === head.seq && last.hash === head.hash && last.keyId === key.publicKey.keyId) return last;
  const refusal = await signingRefusal(head, last);
  noteRefusal(refusal);
  if (refusal || !head) return null;
  const checkpoint = signCheckpoint(head, key);
  // The file first: it is the copy verification trusts.
  appendCheckpointLine(checkpoint);
  state().lastSignedMs = Date.now();
  try {
    await db.auditCheckpoint.createMany({
      data: [{ seq: BigInt(checkpoint.seq), hash: checkpoint.hash, at: new Date(checkpoint.at), keyId: checkpoint.keyId, sig: checkpoint.sig }],
      skipDuplicates: true,
    });
  } catch (e) {
    log.warn({ err: e instanceof Error ? e.message : String(e), seq: checkpoint.seq }, 'audit checkpoint not copied to the database');
  }
  runCommand(`${JSON.stringify(checkpoint)}\n`);
  return checkpoint;
}

/**
 * Signs the current head unless it already is (by this key); returns the
 * checkpoint that covers it (null for an empty chain, or when the head does not
 * extend the last checkpoint: see signingRefusal). Concurrent calls share
 * one signing. The key is this process's unless a rotation passes the new one.
 */
export async function checkpointHead(key: SigningKey = loadSigningKey()): Promise<Checkpoint | null> {
  const s = state();
  while (s.inFlight) await s.inFlight.catch(() => null);
  s.inFlight = signAndStore(key);
  try {
    return await s.inFlight;
  } finally {
    s.inFlight = undefined;
  }
}

/** The server's background signer: every AUDIT_CHECKPOINT_EVERY events or AUDIT_CHECKPOINT_MINUTES. */
export function startCheckpointer(): { stop: () => Promise<void> } {
  const { AUDIT_CHECKPOINT_EVERY: every, AUDIT_CHECKPOINT_MINUTES: minutes } = config();
  const s = state();
  s.lastSignedMs ??= Date.now();
  let busy = false;
  const tick = async () => {
    if (busy) return;
    busy = true;
    try {
      const head = await readChainHead();
      const last = readLastCheckpoint();
      if (head && last && head.seq === last.seq && head.hash === last.hash) return;
      if (!head && !last) return;
      const signed = last?.seq ?? 0;
      // At or behind the last checkpoint but not it (a truncation, a restored
      // backup, a fresh database on an old DATA_DIR): at once, so the signer's
      // refusal raises the alarm now rather than at the next due signing.
      const due = !head || head.seq <= signed || head.seq - signed >= every || Date.now() - (s.lastSignedMs ?? 0) >= minutes * 60_000;
      if (due) await checkpointHead();
    } catch (e) {
      log.warn({ err: e instanceof Error ? e.message : String(e) }, 'audit checkpoint not signed this time');
    } finally {
      busy = false;
    }
  };
  s.timer = setInterval(() => void tick(), CHECKPOINT_POLL_MS);
  s.timer.unref();
  return {
    // A clean shutdown signs what is new, so a restart starts from a covered head.
    stop: async () => {
      clearInterval(s.timer);
      await checkpointHead().catch((e: unknown) => log.warn({ err: e instanceof Error ? e.message : String(e) }, 'no checkpoint at shutdown'));
    },
  };
}
