// The one configuration module: every environment variable the app reads is in
// `configSchema`, parsed once (a missing or malformed variable stops the process
// with a sentence naming it) into a deeply frozen object. Nothing else reads
// process.env (eslint.config.mjs enforces it; the README's table is checked
// against this schema by tests/unit/config-readme.test.ts).
//
// The custom server and Next's bundle load separate copies of this module in
// one process, so the parsed config lives on globalThis, like lib/db.ts's client
// and lib/realtime/io-registry.ts's socket.io server.
import 'server-only';
import { isIPv6 } from 'node:net';
import { z } from 'zod';

const TRUE = ['1', 'true', 'yes'];
const FALSE = ['0', 'false', 'no'];

// On/off switches. Unset or empty is `fallback`; anything but these six words
// is refused rather than silently read as off.
const flag = (fallback = false) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      const word = (v ?? '').trim().toLowerCase();
      if (word === '') return fallback;
      if (TRUE.includes(word)) return true;
      if (FALSE.includes(word)) return false;
      ctx.addIssue({ code: 'custom', message: `must be 1, true or yes (on) or 0, false or no (off), not "${v}"` });
      return z.NEVER;
    });

// A web address a browser or a search engine follows: http(s) only.
const webUrl = () => z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL, e.g. https://desk.example.org' });

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
    error: 'must be comma-separated host names or addresses without scheme or port, e.g. desk.lan,10.0.0.5,[fd00::5]',
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
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .map((s) => asOrigin(s) ?? `invalid:${s}`),
  )
  .refine((origins) => origins.every((o) => !o.startsWith('invalid:')), {
    error: 'must be comma-separated origins (http(s)://host[:port], no path), e.g. https://desk.example.org',
  });

// A story score threshold (lib/stories/desk/story-config.ts): a share, above 0.
const threshold = (fallback: number) =>
  z.coerce.number({ error: 'must be a number between 0 and 1, e.g. 0.17' }).gt(0, 'must be above 0').max(1, 'must be 1 or less').default(fallback);

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    // Loopback: only this machine can reach the desk (and its demo accounts)
    // until someone chooses HOST=0.0.0.0.
    HOST: z.string().min(1).default('127.0.0.1'),
    ALLOWED_HOSTS: hostList,
    ALLOWED_ORIGINS: originList,
    TRUST_PROXY: flag(),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    // The owner role that runs migrations (lib/runtime/roles.ts); DATABASE_URL is then the runtime role.
    DATABASE_MIGRATION_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    // Below Linux's ephemeral range (32768-60999), where an outgoing connection can hold a port, and used by no common service.
    EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(25432),
    DATA_DIR: z.string().min(1).default('.data'),
    NEXTAUTH_URL: webUrl().optional(),
    NEXTAUTH_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
    // On: start-up does not import the sample articles in seeds/ (a production
    // desk that should hold its own articles only).
    SEED_ARTICLES_DISABLED: flag(),
    SEED_DEMO_USERS: flag(),
    SESSION_MAX_AGE_HOURS: z.coerce.number().positive().default(12),
    SESSION_IDLE_MINUTES: z.coerce.number().positive().default(60),
    // How often open websockets are re-checked against the database. Sign-out and
    // disabling close them at once; this catches time limits and lost notifications.
    SESSION_SWEEP_SECONDS: z.coerce.number().min(1).max(3600).default(10),
    // Per-account token bucket for socket events, per app server (server/realtime.ts).
    SOCKET_EVENT_BURST: z.coerce.number().int().min(10).max(100_000).default(60),
    SOCKET_EVENTS_PER_SECOND: z.coerce.number().positive().max(100_000).default(10),
    // Unset: `info`, or `warn` under the test runner (NODE_ENV=test).
    LOG_LEVEL: z.enum(LOG_LEVELS).optional(),
    DB_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
    DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100, 'must be at least 100 (milliseconds)').max(600_000).default(5000),
    // The publisher named in ClaimReview exports (lib/exports/formats/claimreview.ts).
    ORG_NAME: z.string().min(1).default('Factdesk'),
    ORG_URL: webUrl().optional(),
    REPORT_BASE_URL: webUrl().optional(),
    // Lets the article fetcher (lib/articles/fetch-article.ts) reach loopback,
    // private and link-local addresses: for tests that serve pages locally only.
    IMPORT_ALLOW_PRIVATE_NETWORKS: flag(),
    // Story grouping (issue 12; docs/STORIES.md says how the defaults were chosen):
    // at or above the join threshold an article joins a story by itself; between
    // the two, an editor is asked.
    STORY_JOIN_THRESHOLD: threshold(0.17),
    STORY_SUGGEST_THRESHOLD: threshold(0.12),
    // Signed audit checkpoints (issue 14; lib/audit/checkpointer.ts). The key: a
    // PKCS#8 PEM Ed25519 private key, or that PEM in base64 (one line, for
    // compose files); unset, DATA_DIR/audit-signing-key is created on first start.
    AUDIT_SIGNING_KEY: z.string().min(1).optional(),
    // Earlier public keys (raw 32 bytes, base64url, comma-separated) whose
    // checkpoints still count after a key rotation.
    AUDIT_TRUSTED_KEYS: z
      .string()
      .optional()
      .transform((v) =>
        (v ?? '')
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      )
      .refine((keys) => keys.length <= 100 && keys.every((k) => /^[A-Za-z0-9_-]{43}$/.test(k)), {
        error: 'must be comma-separated Ed25519 public keys, each 32 bytes in base64url (43 characters)',
      }),
    // On: this server signs no checkpoints of its own (bench/verdict-throughput.ts compares).
    AUDIT_CHECKPOINTS_DISABLED: flag(),
    AUDIT_CHECKPOINT_EVERY: z.coerce.number().int().min(1).max(1_000_000).default(100),
    AUDIT_CHECKPOINT_MINUTES: z.coerce.number().positive().max(10_080).default(10),
    // A shell command each new checkpoint's JSON line is piped to (stdin), e.g. a git commit or a mail.
    AUDIT_CHECKPOINT_COMMAND: z.string().min(1).optional(),
    AUDIT_CHECKPOINT_COMMAND_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(30),
    // Invitation and reset links by email (lib/users/send-link-email.ts), e.g.
    // smtps://user:pass@mail.example.org:465; unset, the editor copies the link.
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL, e.g. smtps://user:password@mail.example.org:465' }).optional(),
    SMTP_FROM: z.string().min(3).max(300).default('Factdesk <factdesk@localhost>'),
  })
  .superRefine((s, ctx) => {
    if (s.DATABASE_MIGRATION_URL && !s.DATABASE_URL) {
      ctx.addIssue({ code: 'custom', path: ['DATABASE_MIGRATION_URL'], message: 'needs DATABASE_URL too (the runtime role the app connects as)' });
    }
    if (s.STORY_SUGGEST_THRESHOLD > s.STORY_JOIN_THRESHOLD) {
      ctx.addIssue({
        code: 'custom',
        path: ['STORY_SUGGEST_THRESHOLD'],
        message: `must not be above STORY_JOIN_THRESHOLD (${s.STORY_JOIN_THRESHOLD}): suggestions sit between the two`,
      });
    }
  });

export type Settings = z.infer<typeof configSchema>;

/** What the process knows only once it is running: bootstrap (or a script) supplies these. */
export type Derived = {
  /** The database in use: DATABASE_URL, or the embedded server bootstrap started. */
  databaseUrl: string | null;
  /** Signs session tokens: NEXTAUTH_SECRET, or the one bootstrap keeps in DATA_DIR. */
  sessionSecret: string | null;
};

type DeepReadonly<T> = T extends (infer U)[] ? readonly DeepReadonly<U>[] : T extends object ? { readonly [K in keyof T]: DeepReadonly<T[K]> } : T;

export type Config = DeepReadonly<
  Settings &
    Derived & {
      logLevel: (typeof LOG_LEVELS)[number];
      /** ClaimReview's author and report addresses (no trailing slash on the base). */
      publisher: { name: string; url: string; reportBaseUrl: string };
    }
>;

export class ConfigError extends Error {}

/** Validates an environment (process.env or a test's own) without touching the running config. */
export function parseSettings(source: Readonly<Record<string, string | undefined>>): Settings {
  // An empty variable (`FOO=` in a shell or compose file) means "not set".
  const present = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = configSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

/** The frozen config object for these settings and what the process derived. */
export function buildConfig(settings: Settings, derived: Partial<Derived> = {}): Config {
  // Without NEXTAUTH_URL the desk answers at several addresses; localhost is the one
  // every reader of an export can resolve on the machine that made it.
  const app = (settings.NEXTAUTH_URL ?? `http://localhost:${settings.PORT}`).replace(/\/$/, '');
  return deepFreeze({
    ...structuredClone(settings),
    databaseUrl: derived.databaseUrl ?? settings.DATABASE_URL ?? null,
    sessionSecret: derived.sessionSecret ?? settings.NEXTAUTH_SECRET ?? null,
    logLevel: settings.LOG_LEVEL ?? (settings.NODE_ENV === 'test' ? 'warn' : 'info'),
    publisher: {
      name: settings.ORG_NAME,
      url: settings.ORG_URL ?? app,
      reportBaseUrl: (settings.REPORT_BASE_URL ?? `${app}/claims`).replace(/\/$/, ''),
    },
  });
}

type Registry = { settings: Settings; derived: Partial<Derived>; config: Config };
declare global {
  var __factdeskConfig: Registry | undefined;
}
const holder = globalThis;

function registry(): Registry {
  if (!holder.__factdeskConfig) {
    // The one read of the environment, for every copy of this module in the process.
    const settings = parseSettings(process.env);
    holder.__factdeskConfig = { settings, derived: {}, config: buildConfig(settings) };
  }
  return holder.__factdeskConfig;
}

/** This process's configuration. The first call validates the environment. */
export function config(): Config {
  return registry().config;
}

/**
 * Adds what the process derived at start-up (bootstrap: the embedded database's
 * URL, the generated session secret; scripts: the database they run against).
 * The environment is not read again; the new object replaces the old one.
 */
export function provideDerived(derived: Partial<Derived>): Config {
  const r = registry();
  r.derived = { ...r.derived, ...derived };
  r.config = buildConfig(r.settings, r.derived);
  return r.config;
}
