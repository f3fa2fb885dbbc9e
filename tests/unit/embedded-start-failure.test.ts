// Issue 32 item 1: a port the embedded PostgreSQL cannot bind is reported as
// one sentence saying what to do, not as PostgreSQL's own log lines.
import { describe, expect, it } from 'vitest';
import { configSchema } from '../../lib/env';
import { startFailureMessage } from '../../lib/runtime/postgres';

const bindFailure = [
  '2026-12-05 06:10:00.000 UTC [123] LOG:  could not bind IPv4 address "127.0.0.1": Address already in use',
  '2026-12-05 06:10:00.000 UTC [123] HINT:  Is another postmaster already running on port 25432? If not, wait a few seconds and retry.',
  '2026-12-05 06:10:00.000 UTC [123] FATAL:  could not create any TCP/IP sockets',
];

describe('why the embedded PostgreSQL did not start', () => {
  it('a port that cannot be bound, though nothing listens on it: one sentence naming EMBEDDED_PG_PORT', () => {
    const message = startFailureMessage({ port: 25432, dataDir: '/desk/postgres', listening: false, lastLines: bindFailure });
    expect(message).toBe('Port 25432 is in use; stop what holds it or set EMBEDDED_PG_PORT to a free port (e.g. EMBEDDED_PG_PORT=25433).');
  });

  it('a port another program listens on names that case', () => {
    expect(startFailureMessage({ port: 25432, dataDir: '/desk/postgres', listening: true, lastLines: [] })).toMatch(
      /^Port 25432 is already in use by another program.*EMBEDDED_PG_PORT=25433/,
    );
  });

  it('any other failure keeps the server last lines, which are the only clue', () => {
    const message = startFailureMessage({ port: 25432, dataDir: '/desk/postgres', listening: false, lastLines: ['FATAL:  bad setting'] });
    expect(message).toContain('stopped while starting');
    expect(message).toContain('FATAL:  bad setting');
  });

  it('the default port lies below the range the system gives outgoing connections', () => {
    const port = configSchema.parse({}).EMBEDDED_PG_PORT;
    expect(port).toBe(25432);
    expect(port).toBeLessThan(32768);
  });
});
