// Tells "the database is down, restarting or unreachable" apart from real bugs,
// so callers answer 503 with a clear message instead of a 500. Recognises the
// shapes Prisma 7 (pg driver adapter), pg and pg-pool actually throw: Prisma
// codes, the adapter's error kinds, PostgreSQL SQLSTATEs, socket codes, and the
// bare messages pg uses when a connection dies under a running transaction.
import 'server-only';
import { AppError } from './errors';

// P1001 can't reach, P1002 timed out reaching, P1008 operation timed out,
// P1017 server closed the connection, P2024 timed out waiting for a pool slot.
const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024']);
const ADAPTER_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);
// Class 08 (connection exception), shutdown / starting up, too many connections.
const SQLSTATE = /^(08\w{3}|57P0[123]|53300)$/;
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
const MESSAGES =
  /Can't reach database server|Connection terminated|timeout exceeded when trying to connect|not queryable|Server has closed the connection|terminating connection|the database system is (starting up|shutting down|in recovery)|Unable to start a transaction in the given time|Query read timeout/i;

type Shape = { code?: unknown; kind?: unknown; originalCode?: unknown; message?: unknown; cause?: unknown; meta?: { driverAdapterError?: unknown } };

function matches(node: Shape): boolean {
  for (const code of [node.code, node.originalCode]) {
    if (typeof code !== 'string') continue;
    if (PRISMA_CODES.has(code) || SOCKET_CODES.has(code) || SQLSTATE.test(code)) return true;
  }
  if (typeof node.kind === 'string' && ADAPTER_KINDS.has(node.kind)) return true;
  return typeof node.message === 'string' && MESSAGES.test(node.message);
}

export function isDatabaseUnavailable(e: unknown): boolean {
  // Prisma wraps the adapter error (meta.driverAdapterError), which wraps the
  // driver's (cause): look a few levels down.
  const queue: unknown[] = [e];
  for (let i = 0; i < queue.length && i < 12; i++) {
    const node = queue[i];
    if (!node || typeof node !== 'object') continue;
    const shape = node as Shape;
    if (matches(shape)) return true;
    queue.push(shape.cause, shape.meta?.driverAdapterError);
  }
  return false;
}

// Not "nothing was saved": a commit can succeed just before the connection
// drops. Retrying a verdict is safe (its expected version turns a repeat into a 409).
export function databaseUnavailableError(): AppError {
  return new AppError('unavailable', 'The database is not reachable right now. Try again shortly.');
}
