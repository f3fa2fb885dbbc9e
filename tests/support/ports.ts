// Ports for the servers the reliability tests start, taken from fixed ranges so
// several checkouts can run side by side on one machine without colliding.
// Override with e.g. RELIABILITY_APP_PORTS=4500-4589.
import net from 'node:net';

const RANGES = {
  app: { env: 'RELIABILITY_APP_PORTS', fallback: '3500-3589' },
  nginx: { env: 'RELIABILITY_NGINX_PORTS', fallback: '3590-3599' },
  postgres: { env: 'RELIABILITY_PG_PORTS', fallback: '54393-54399' },
} as const;

const handedOut = new Set<number>();

function free(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/** A port in the range that nothing listens on and this process has not handed out yet. */
export async function portFor(kind: keyof typeof RANGES): Promise<number> {
  const { env, fallback } = RANGES[kind];
  const spec = process.env[env] ?? fallback;
  const [lo, hi] = spec.split('-').map(Number) as [number, number];
  if (!(lo > 0 && hi >= lo)) throw new Error(`${env} must look like 3500-3589 (got "${spec}")`);
  // Integration files run in parallel workers (VITEST_POOL_ID 1, 2, …): each worker
  // probes its own slice of the range first, so a port one worker found free is not
  // taken by another before the first one's server binds it. Then a pid-dependent
  // offset, so two runs at once rarely probe the same port first.
  const span = hi - lo + 1;
  const worker = Number(process.env.VITEST_POOL_ID ?? 0);
  const slice = Math.floor(span / 2);
  const start = worker > 0 && slice > 0 ? ((worker - 1) % 2) * slice + (process.pid % Math.max(1, Math.floor(slice / 2))) : process.pid;
  for (let i = 0; i < span; i++) {
    const port = lo + ((start + i) % span);
    if (handedOut.has(port)) continue;
    if (await free(port)) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error(`No free ${kind} port in ${spec} (set ${env} to another range).`);
}
