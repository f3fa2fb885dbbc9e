// Environment, read once and validated at start-up. A missing or malformed
// variable stops the process with a sentence naming it.
import { z } from 'zod';

const booleanFlag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true');

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
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
