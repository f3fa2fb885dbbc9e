// What counts as "the database is not reachable" (503) rather than a bug (500).
// The shapes are the ones Prisma 7 + @prisma/adapter-pg + pg throw when the
// server stops, restarts or cannot be reached (see reliability-db-outage.test.ts).
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../lib/db-unavailable';

const adapterError = (cause: Record<string, unknown>) => ({ name: 'DriverAdapterError', cause });
const prismaError = (code: string, message: string, cause: Record<string, unknown>) =>
  Object.assign(new Error(message), { code, meta: { driverAdapterError: adapterError(cause) } });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['model query, server down (P1001)', prismaError('P1001', "Can't reach database server at 127.0.0.1:5432", { kind: 'DatabaseNotReachable' })],
    ['raw query, server down (P2010 wrapping the adapter kind)', prismaError('P2010', 'Raw query failed. Code: `N/A`.', { kind: 'DatabaseNotReachable' })],
    ['connection closed by a stopping server (57P01)', prismaError('P2010', 'Raw query failed.', { kind: 'postgres', code: '57P01', originalCode: '57P01' })],
    ['server starting up (57P03)', prismaError('P2039', 'Database error.', { kind: 'postgres', code: '57P03', originalCode: '57P03' })],
    ['socket reset', prismaError('P1017', 'Server has closed the connection.', { kind: 'ConnectionClosed' })],
    ['pg: dead connection under a transaction', new Error('Client has encountered a connection error and is not queryable')],
    ['pg: connection dropped mid-query', new Error('Connection terminated unexpectedly')],
    ['pg-pool: connect timeout', new Error('timeout exceeded when trying to connect')],
    ['pool exhausted (P2028 maxWait)', Object.assign(new Error('Transaction API error: Unable to start a transaction in the given time.'), { code: 'P2028' })],
    ['node socket error', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
  ])('%s', (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', prismaError('P2002', 'Unique constraint failed', { kind: 'UniqueConstraintViolation' })],
    ['a syntax error', prismaError('P2010', 'Raw query failed.', { kind: 'postgres', code: '42601', originalCode: '42601' })],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['not an error at all', 'ECONNREFUSED'],
    ['null', null],
  ])('not %s', (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
