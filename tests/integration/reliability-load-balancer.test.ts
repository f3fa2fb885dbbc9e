// Two app processes behind nginx configured from deploy/nginx.conf (the
// README's deployment section): sign-in through the proxy, live updates cross
// from a client routed to one process to a client routed to the other (one on
// websocket, one on HTTP long-polling, which needs the sticky sessions), the
// real client address reaches the audit trail, and when a process dies its
// clients reconnect through nginx to the other and catch up.
// Clients appear as different machines by connecting from 127.0.N.1.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db, disconnectDb } from '../../lib/db';
import { latestSeq } from '../../lib/history/replay-changes';
import { DEMO_PASSWORD } from '../../seeds/demo-users';
import { seedArticles, seedDemoUsers } from '../../seeds/run-seed';
import { type AppServer, login, startAppServer, stopStarted } from '../support/app-server';
import { connectFailover, type FailoverClient } from '../support/failover-client';
import { fetchFrom } from '../support/http-from';
import { findNginx, type Nginx, startNginx, UPSTREAM_HEADER } from '../support/nginx';
import { portFor } from '../support/ports';
import { progress, type Reviewer, until, writeVerdict } from '../support/reliability/traffic';

const SPOOFED = '203.0.113.66';

describe('two app processes behind nginx (deploy/nginx.conf)', () => {
  let nginx: Nginx;
  let servers: AppServer[] = [];
  /** Per app process: a client address nginx routes to it, and what that client holds. */
  const routes: { server: AppServer; address: string; upstream: string; cookie: string; client?: FailoverClient }[] = [];
  let since = 0;

  const upstreamOf = (s: AppServer) => `127.0.0.1:${s.port}`;
  const reviewerVia = (r: (typeof routes)[number]): Reviewer => ({
    baseUrl: () => nginx.url,
    cookie: r.cookie,
    origin: nginx.url,
    fetchImpl: fetchFrom(r.address),
  });

  beforeAll(async () => {
    findNginx(); // fails with "apt-get install -y nginx" when missing
    await seedArticles();
    await seedDemoUsers();
    const nginxPort = await portFor('nginx');
    const publicUrl = `http://127.0.0.1:${nginxPort}`;
    const ports = [await portFor('app'), await portFor('app')];
    // As in production: the public URL everywhere (origin check), client address from the proxy.
    const env = { DATABASE_URL: process.env.DATABASE_URL!, NEXTAUTH_URL: publicUrl, TRUST_PROXY: '1' };
    servers = await Promise.all(ports.map((port) => startAppServer(env, { port })));
    nginx = await startNginx({ port: nginxPort, upstreams: servers.map(upstreamOf), name: 'lb' });
    progress(`nginx ${nginx.url} → ${servers.map(upstreamOf).join(', ')}`);

    // Find a client address that ip_hash sends to each process.
    for (let n = 1; n <= 32 && routes.length < servers.length; n++) {
      const address = `127.0.${n}.1`;
      const res = await fetchFrom(address)(`${nginx.url}/api/health`);
      const upstream = res.headers.get(UPSTREAM_HEADER) ?? '';
      const server = servers.find((s) => upstreamOf(s) === upstream);
      if (res.status === 200 && server && !routes.some((r) => r.server === server)) routes.push({ server, address, upstream, cookie: '' });
    }
    if (routes.length < servers.length) throw new Error(`ip_hash sent every test address to one process:\n${nginx.errorLog()}`);

    // Sign in through nginx, each "machine" as its own reviewer, with a forged
    // X-Forwarded-For the proxy must not let through as the client address.
    const who = ['reviewer', 'reviewer2'];
    for (const [i, r] of routes.entries()) {
      const session = await login(nginx.url, `${who[i]}@factdesk.test`, DEMO_PASSWORD, fetchFrom(r.address, { 'x-forwarded-for': SPOOFED }));
      if (!session.ok) throw new Error(`could not sign in through nginx as ${who[i]}: ${session.error}`);
      r.cookie = session.cookie;
    }
    since = await latestSeq();
    // One client on websocket, the other on long-polling only.
    routes.forEach((r, i) => {
      r.client = connectFailover({
        urls: [nginx.url],
        origin: nginx.url,
        cookie: r.cookie,
        since,
        localAddress: r.address,
        transports: i === 0 ? ['websocket'] : ['polling'],
      });
    });
    await until(() => routes.every((r) => r.client!.connected()), { tries: 100 });
  }, 180_000);

  afterAll(async () => {
    for (const r of routes) r.client?.close();
    await stopStarted(nginx);
    await Promise.all(servers.map((s) => s.stop()));
    await disconnectDb();
  }, 60_000);

  it('routes each client address to its own process, sticky across requests', async () => {
    expect(new Set(routes.map((r) => r.upstream)).size).toBe(2);
    for (const r of routes) {
      for (let i = 0; i < 5; i++) {
        const res = await fetchFrom(r.address)(`${nginx.url}/api/health`);
        expect(res.headers.get(UPSTREAM_HEADER)).toBe(r.upstream);
      }
    }
  });

  it("records the client's real address at sign-in, not a forged X-Forwarded-For", async () => {
    const logins = await db.auditEvent.findMany({ where: { action: 'auth.login_succeeded' }, orderBy: { seq: 'asc' } });
    const ipOf = (email: string) => (logins.filter((e) => e.actorLabel === email).at(-1)?.after as { ip?: string } | null)?.ip;
    expect(ipOf('reviewer@factdesk.test')).toBe(routes[0]!.address);
    expect(ipOf('reviewer2@factdesk.test')).toBe(routes[1]!.address);
  });

  it('a verdict made through one process reaches the client on the other, both ways', async () => {
    const claims = await db.claim.findMany({ orderBy: { sourceKey: 'asc' }, take: 2 });
    for (const [i, r] of routes.entries()) {
      const other = routes[1 - i]!;
      const claim = claims[i]!;
      const res = await reviewerVia(r).fetchImpl!(`${nginx.url}/api/claims/${claim.id}/verdict`, {
        method: 'POST',
        headers: { cookie: r.cookie, origin: nginx.url, 'content-type': 'application/json' },
        body: JSON.stringify({ status: 'disputed', reason: `through ${r.upstream}`, evidence: [], expectedVersion: claim.version }),
      });
      expect(res.status).toBe(200);
      expect(res.headers.get(UPSTREAM_HEADER)).toBe(r.upstream);
      const seq = await latestSeq();
      expect(await until(() => other.client!.applied.some((c) => c.event.seq === seq), { tries: 100 })).toBe(true);
      // …and it arrived as a live push through the other process, not only by a catch-up.
      expect(other.client!.pushed).toContain(seq);
    }
    const latest = await latestSeq();
    expect(await until(() => routes.every((r) => r.client!.lastSeq() >= latest), { tries: 100 })).toBe(true);
    for (const r of routes) expect(r.client!.applied.map((c) => c.event.reason)).toEqual(routes.map((x) => `through ${x.upstream}`));
  });

  it('when a process dies, its clients reconnect through nginx to the other and miss nothing', async () => {
    // The long-polling client's process: it must come back through the sticky route's fallback.
    const [survivor, victim] = routes as [(typeof routes)[number], (typeof routes)[number]];
    const connectsBefore = victim.client!.connects.length;
    await victim.server.kill();
    // Verdicts keep coming from both "machines"; nginx sends the victim's to the survivor too.
    const claim = await db.claim.findFirstOrThrow({ orderBy: { sourceKey: 'desc' } });
    let version = claim.version;
    for (const r of [survivor, victim, survivor, victim]) {
      const write = await writeVerdict(reviewerVia(r), claim.id, version, 'after-crash');
      expect([write.status, write.failure]).toEqual([200, undefined]);
      version = write.version!;
    }
    expect(await until(() => victim.client!.connects.length > connectsBefore && victim.client!.connected(), { tries: 200 })).toBe(true);
    const latest = await latestSeq();
    for (const r of routes) {
      expect(await until(() => r.client!.lastSeq() >= latest, { tries: 200 })).toBe(true);
      expect(r.client!.applied.map((c) => c.event.seq)).toEqual(Array.from({ length: latest - since }, (_, i) => since + 1 + i));
    }
    const res = await fetchFrom(victim.address)(`${nginx.url}/api/health`);
    expect([res.status, res.headers.get(UPSTREAM_HEADER)?.split(', ').at(-1)]).toEqual([200, survivor.upstream]);
  });
});
