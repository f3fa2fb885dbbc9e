// DATA_DIR/audit-checkpoints.jsonl: the trusted, append-only copy of every
// signed checkpoint, outside the database. One JSON line per checkpoint,
// written with O_APPEND in one write() and fsynced. A crash can leave a torn
// line: readers skip lines that are not JSON with a warning (never acknowledged).
import 'server-only';
import { closeSync, existsSync, fstatSync, fsyncSync, mkdirSync, openSync, readFileSync, readSync, writeSync } from 'node:fs';
import path from 'node:path';
import { config } from '../env';
import { log } from '../log';
import { type Checkpoint, checkpointSchema } from './checkpoint-format';

export const CHECKPOINT_FILE = 'audit-checkpoints.jsonl';

export const checkpointFilePath = () => path.resolve(config().DATA_DIR, CHECKPOINT_FILE);

export type CheckpointFileRead = {
  checkpoints: Checkpoint[];
  /** JSON lines that are not checkpoints: the file was edited, not torn. */
  malformed: { line: number; why: string }[];
};

// The checkpoint file is data of DATA_DIR, chosen at run time, never part of
// the build: the turbopackIgnore comments keep the build from tracing (and
// shipping) the whole project as the files these calls might read.
export function readCheckpointFile(file = checkpointFilePath()): CheckpointFileRead {
  if (!existsSync(/* turbopackIgnore: true */ file)) return { checkpoints: [], malformed: [] };
  const lines = readFileSync(/* turbopackIgnore: true */ file, 'utf8').split('\n');
  const checkpoints: Checkpoint[] = [];
  const malformed: { line: number; why: string }[] = [];
  lines.forEach((line, i) => {
    if (line.trim() === '') return;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      // A write cut short by a crash (it was never acknowledged); the next append starts a fresh line.
      log.warn({ file, line: i + 1 }, 'ignoring a torn line in the audit checkpoint file (a crash while writing it)');
      return;
    }
    const parsed = checkpointSchema.safeParse(json);
    if (parsed.success) checkpoints.push(parsed.data);
    else malformed.push({ line: i + 1, why: `not a checkpoint: ${parsed.error.issues[0]?.message ?? 'invalid'}` });
  });
  return { checkpoints, malformed };
}

/** Appends one checkpoint line durably (one write, then fsync); a torn last line from a crash is closed off first. */
export function appendCheckpointLine(checkpoint: Checkpoint, file = checkpointFilePath()): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const fd = openSync(/* turbopackIgnore: true */ file, 'a+', 0o600);
  try {
    const { size } = fstatSync(fd);
    const lastByte = Buffer.alloc(1);
    const torn = size > 0 && readSync(fd, lastByte, 0, 1, size - 1) === 1 && lastByte[0] !== 0x0a;
    writeSync(fd, `${torn ? '\n' : ''}${JSON.stringify(checkpoint)}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * The last checkpoint appended (by any process), from the file's tail only: the
 * signer looks every few seconds, and the file only grows.
 */
export function readLastCheckpoint(file = checkpointFilePath()): Checkpoint | null {
  let fd: number;
  try {
    fd = openSync(/* turbopackIgnore: true */ file, 'r');
  } catch {
    return null;
  }
  try {
    const { size } = fstatSync(fd);
    const length = Math.min(size, 16 * 1024);
    const tail = Buffer.alloc(length);
    readSync(fd, tail, 0, length, size - length);
    const lines = tail.toString('utf8').split('\n').reverse();
    for (const line of lines) {
      try {
        const parsed = checkpointSchema.safeParse(JSON.parse(line));
        if (parsed.success) return parsed.data;
      } catch {
        /* a torn line, or the cut-off first line of the tail */
      }
    }
    return null;
  } finally {
    closeSync(fd);
  }
}
