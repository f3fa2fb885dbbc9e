// Environment, read once and validated at start-up. A missing or malformed
// variable stops the process with a sentence naming it.
import { isIPv6 } from 'node:net';
import { z } from 'zod';

const booleanFlag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true');

// A host name or IP address as it appears in a URL (no scheme, port or path):
// ALLOWED_HOSTS=desk.lan,factdesk.internal,10.0.0.5,[fd00::5]
const HOST_NAME = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/i;
const isHostName = (h: string) => HOST_NAME.test(h) || (h.startsWith('[') && h.endsWith(']') && isIPv6(h.slice(1, -1)));

const hostList = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase().replace(/\.$/, ''))
      .filter(Boolean)
      .map((h) => (h.includes(':') && !h.startsWith('[') ? `[${h}]` : h)),
  )
  .refine((hosts) => hosts.every(isHostName), {
    message: 'must be comma-separated host names or addresses without scheme or port, e.g. desk.lan,10.0.0.5,[fd00::5]',
  });

// `scheme://host[:port]` → the origin a browser sends (lowercase, default port dropped); null if not one.
function asOrigin(s: string): string | null {
  try {
    const url = new URL(s);
    const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && /^https?:$/.test(url.protocol);
    return bare && !/\/[^/]/.test(s.replace(/^[a-z]+:\/\//i, '')) ? url.origin : null;
  } catch {
    return null;
  }
}

const originList = z
  .string()
  .optional()
  .transform((v) => (v ?? '').split(',').map((s) => s.trim()).filter(Boolean).map((s) => asOrigin(s) ?? `invalid:${s}`))
  .refine((origins) => origins.every((o) => !o.startsWith('invalid:')), {
    message: 'must be comma-separated origins (http(s)://host[:port], no path), e.g. https://desk.example.org',
  });

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  // Loopback: only this machine can reach the desk (and its demo accounts)
  // until someone chooses HOST=0.0.0.0.
  HOST: z.string().min(1).default('127.0.0.1'),
  ALLOWED_HOSTS: hostList,
  ALLOWED_ORIGINS: originList,
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  DATA_DIR: z.string().min(1).default('.data'),
  NEXTAUTH_URL: z.string().url().optional(),
  NEXTAUTH_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  SEED_DEMO_USERS: booleanFlag,
  SESSION_MAX_AGE_HOURS: z.coerce.number().positive().default(12),
  SESSION_IDLE_MINUTES: z.coerce.number().positive().default(60),
  // How often open websockets are re-checked against the database. Sign-out and
  // disabling close them at once; this catches time limits and lost notifications.
  SESSION_SWEEP_SECONDS: z.coerce.number().min(1).max(3600).default(10),
  // Per-account token bucket for socket events, per app server (server/realtime.ts).
  SOCKET_EVENT_BURST: z.coerce.number().int().min(10).max(100_000).default(60),
  SOCKET_EVENTS_PER_SECOND: z.coerce.number().positive().max(100_000).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Read by lib/db.ts (which scripts use without env()); validated here at start-up.
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100, 'must be at least 100 (milliseconds)').max(600_000).default(5000),
});

export type Env = z.infer<typeof schema>;

let cached: Env | undefined;

export function env(): Env {
  if (cached) return cached;
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  cached = parsed.data;
  return cached;
}
