// The real server reads its configuration through lib/env.ts: switches mean
// what they say, and a malformed value stops it with a sentence naming it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServer, startAppServer, stopStarted } from '../support/app-server';

const database = { DATABASE_URL: process.env.DATABASE_URL! };

describe('start-up configuration', () => {
  it('refuses to start on a malformed switch or web address, naming each variable', async () => {
    const message = await startAppServer({ ...database, TRUST_PROXY: 'maybe', ORG_URL: 'ftp://example.org' }).then(
      async (app) => {
        await app.stop();
        return 'the server started';
      },
      (e: unknown) => (e instanceof Error ? e.message : String(e)),
    );
    expect(message).toContain('could not start: Invalid environment configuration');
    expect(message).toContain('TRUST_PROXY: must be 1, true or yes (on) or 0, false or no (off), not "maybe"');
    expect(message).toContain('ORG_URL: must be an http:// or https:// URL');
  }, 60_000);
});

describe.each(['true', 'Yes'])('TRUST_PROXY=%s', (value) => {
  let app: AppServer;
  beforeAll(async () => {
    app = await startAppServer({ ...database, TRUST_PROXY: value });
  }, 90_000);
  afterAll(() => stopStarted(app));

  // Off, the server drops a client's X-Forwarded-Host; on, it is our proxy's
  // word and must name one of the desk's hosts like the Host header does.
  it('is on: a forwarded host the desk does not answer to is refused, its own is served', async () => {
    const foreign = await fetch(`${app.baseUrl}/login`, { headers: { 'x-forwarded-host': 'evil.example', accept: 'text/html' } });
    expect(foreign.status).toBe(403);
    expect(await foreign.text()).toContain('Wrong address');
    const own = await fetch(`${app.baseUrl}/login`, { headers: { 'x-forwarded-host': 'localhost', accept: 'text/html' } });
    expect(own.status).toBe(200);
  });
});
