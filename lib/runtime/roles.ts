// The two database roles (issue 14, "Separate roles"): an OWNER that runs the
// migrations and owns every object, and a RUNTIME role the app connects as,
// which owns nothing, is no superuser and gets only the privileges below. On
// audit_events that is INSERT and SELECT: the runtime role cannot update,
// delete, truncate, alter, disable triggers or set session_replication_role.
import 'server-only';
import pg from 'pg';

type Privilege = 'SELECT' | 'INSERT' | 'UPDATE' | 'DELETE';

/**
 * The reviewed list: what the app's code does to each table (lib/, server/,
 * seeds/, the socket.io adapter). A table missing here stops start-up
 * (`assertGrantsCover`), so a new table cannot silently get no grants or too
 * many. `[]` means the runtime role may not touch it at all.
 * (ON CONFLICT DO UPDATE and SELECT … FOR UPDATE need UPDATE.)
 */
export const RUNTIME_GRANTS: Readonly<Record<string, readonly Privilege[]>> = {
  // Append-only: the hash chain (lib/audit) and its signed heads.
  audit_events: ['SELECT', 'INSERT'],
  audit_checkpoints: ['SELECT', 'INSERT'],
  // Users are created, changed and disabled, never deleted.
  users: ['SELECT', 'INSERT', 'UPDATE'],
  claims: ['SELECT', 'INSERT', 'UPDATE'],
  comments: ['SELECT', 'INSERT'],
  article_sources: ['SELECT', 'INSERT', 'UPDATE'],
  article_fingerprints: ['SELECT', 'INSERT', 'UPDATE'],
  article_bands: ['SELECT', 'INSERT', 'DELETE'],
  figures: ['SELECT', 'INSERT', 'UPDATE', 'DELETE'],
  stories: ['SELECT', 'INSERT', 'UPDATE', 'DELETE'],
  story_evidence: ['SELECT', 'INSERT', 'UPDATE'],
  story_evidence_keys: ['SELECT', 'INSERT', 'DELETE'],
  story_key_stats: ['SELECT', 'INSERT', 'UPDATE', 'DELETE'],
  story_links: ['SELECT', 'INSERT', 'UPDATE', 'DELETE'],
  story_apart: ['SELECT', 'INSERT', 'DELETE'],
  story_suggestions: ['SELECT', 'INSERT', 'UPDATE', 'DELETE'],
  // Written by the triggers of the figures, claims and users tables, as the role that changes them.
  story_board_revs: ['SELECT', 'INSERT', 'UPDATE'],
  sessions: ['SELECT', 'INSERT', 'UPDATE', 'DELETE'],
  // Invitation and reset links: spent or revoked, never deleted (the audit trail names them).
  invitations: ['SELECT', 'INSERT', 'UPDATE'],
  login_throttle: ['SELECT', 'INSERT', 'UPDATE', 'DELETE'],
  // @socket.io/postgres-adapter: large broadcasts, cleaned up by age.
  socket_io_attachments: ['SELECT', 'INSERT', 'DELETE'],
  // Prisma's migration bookkeeping: the owner's alone.
  _prisma_migrations: [],
};

export const EMBEDDED_OWNER_ROLE = 'factdesk_owner';
export const EMBEDDED_RUNTIME_ROLE = 'factdesk_app';

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  client.on('error', () => {});
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** The one text value a query answers (current_user, a role's name…). */
export async function scalar(client: pg.Client, sql: string, params: unknown[] = []): Promise<string> {
  const value: unknown = (await client.query<{ v: unknown }>(sql, params)).rows[0]?.v;
  if (typeof value !== 'string') throw new Error(`Expected one text value from: ${sql}`);
  return value;
}

async function publicTables(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm', 'f') ORDER BY 1`,
  );
  return rows.map((r) => r.name);
}

/** Throws, naming them, when tables exist that the reviewed list does not cover. */
export function assertGrantsCover(tables: readonly string[]) {
  const missing = tables.filter((t) => !Object.hasOwn(RUNTIME_GRANTS, t));
  if (missing.length) {
    throw new Error(
      `No runtime grants are listed for table${missing.length === 1 ? '' : 's'} ${missing.join(', ')}: ` +
        'add an entry to RUNTIME_GRANTS in lib/runtime/roles.ts (what the app does to it, or [] for nothing).',
    );
  }
}

type RoleFacts = { name: string; super: boolean; createdb: boolean; createrole: boolean; replication: boolean; bypassrls: boolean; ownerMember: boolean };

async function roleFacts(client: pg.Client, role: string, owner: string): Promise<RoleFacts | null> {
  const { rows } = await client.query<RoleFacts>(
    `SELECT rolname AS name, rolsuper AS super, rolcreatedb AS createdb, rolcreaterole AS createrole,
            rolreplication AS replication, rolbypassrls AS bypassrls,
            pg_has_role(rolname, $2, 'MEMBER') AS "ownerMember"
       FROM pg_roles WHERE rolname = $1`,
    [role, owner],
  );
  return rows[0] ?? null;
}

/** Why this role cannot be the runtime role, or null when it can. */
function unfitRuntime(f: RoleFacts): string | null {
  const wrong = [
    f.super && 'SUPERUSER',
    f.createdb && 'CREATEDB',
    f.createrole && 'CREATEROLE',
    f.replication && 'REPLICATION',
    f.bypassrls && 'BYPASSRLS',
    f.ownerMember && 'a member of the owner role',
  ].filter(Boolean);
  return wrong.length ? `it is ${wrong.join(', ')}` : null;
}

/**
 * Run as the owner after migrations: checks the runtime role is fit, then
 * makes its privileges exactly RUNTIME_GRANTS (revoking anything else) and
 * lets it use the sequences of tables it inserts into.
 */
export async function applyRuntimeGrants(ownerUrl: string, runtimeRole: string): Promise<void> {
  await withClient(ownerUrl, async (c) => {
    const owner = await scalar(c, 'SELECT current_user::text AS v');
    const facts = await roleFacts(c, runtimeRole, owner);
    if (!facts) throw new Error(`The runtime database role ${runtimeRole} does not exist (see \`npm run db:roles\`).`);
    if (facts.name === owner) throw new Error(`DATABASE_URL and DATABASE_MIGRATION_URL use the same role (${owner}); the runtime role must not be the owner.`);
    const unfit = unfitRuntime(facts);
    if (unfit) throw new Error(`The runtime database role ${runtimeRole} must not be trusted more than the app needs, but ${unfit}.`);

    const tables = await publicTables(c);
    assertGrantsCover(tables);
    const notOwned = await c.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm', 'f') AND c.relowner <> (SELECT oid FROM pg_roles WHERE rolname = current_user)`,
    );
    if (notOwned.rowCount) throw new Error(`These tables are not owned by the migration role ${owner}: ${notOwned.rows.map((r) => r.name).join(', ')}.`);

    const sequences = await c.query<{ sequence: string; table: string | null }>(
      `SELECT s.relname AS sequence, t.relname AS "table"
         FROM pg_class s JOIN pg_namespace n ON n.oid = s.relnamespace
         LEFT JOIN pg_depend d ON d.classid = 'pg_class'::regclass AND d.objid = s.oid AND d.deptype IN ('a', 'i') AND d.refclassid = 'pg_class'::regclass
         LEFT JOIN pg_class t ON t.oid = d.refobjid
        WHERE n.nspname = 'public' AND s.relkind = 'S'`,
    );
    const r = ident(runtimeRole);
    const statements: string[] = [
      `REVOKE CREATE ON SCHEMA public FROM PUBLIC`,
      `REVOKE ALL ON SCHEMA public FROM ${r}`,
      `GRANT USAGE ON SCHEMA public TO ${r}`,
    ];
    for (const table of tables) {
      const privileges = RUNTIME_GRANTS[table] ?? [];
      statements.push(`REVOKE ALL ON TABLE ${ident(table)} FROM PUBLIC, ${r}`);
      if (privileges.length) statements.push(`GRANT ${privileges.join(', ')} ON TABLE ${ident(table)} TO ${r}`);
    }
    for (const s of sequences.rows) {
      if (s.table === null) throw new Error(`Sequence ${s.sequence} belongs to no table: give it an owning column or a grant in lib/runtime/roles.ts.`);
      statements.push(`REVOKE ALL ON SEQUENCE ${ident(s.sequence)} FROM PUBLIC, ${r}`);
      if (RUNTIME_GRANTS[s.table]?.includes('INSERT')) statements.push(`GRANT USAGE, SELECT ON SEQUENCE ${ident(s.sequence)} TO ${r}`);
    }
    await c.query(`BEGIN; ${statements.join(';\n')}; COMMIT`);
  });
}

/**
 * Run as a superuser (the embedded server's own): creates both roles if they
 * are missing, sets their passwords, and gives the owner role the database and
 * everything in its public schema. Idempotent; an existing data directory
 * (where the superuser owns it all) is converted on its next start.
 */
export async function ensureRoles(
  adminUrl: string,
  options: { database: string; owner: { name: string; password: string }; runtime: { name: string; password: string } },
): Promise<{ created: string[]; moved: number }> {
  const { owner, runtime, database } = options;
  const created: string[] = [];
  await withClient(adminUrl, async (c) => {
    for (const [role, attributes] of [
      [owner, 'NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS INHERIT LOGIN'],
      [runtime, 'NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS NOINHERIT LOGIN'],
    ] as const) {
      const exists = (await c.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role.name])).rowCount;
      if (!exists) created.push(role.name);
      await c.query(`${exists ? 'ALTER' : 'CREATE'} ROLE ${ident(role.name)} WITH ${attributes} PASSWORD ${literal(role.password)}`);
    }
    const member = await c.query<{ roleid: string }>('SELECT m.roleid FROM pg_auth_members m WHERE m.member = (SELECT oid FROM pg_roles WHERE rolname = $1)', [
      runtime.name,
    ]);
    for (const { roleid } of member.rows) {
      const name = await scalar(c, 'SELECT rolname::text AS v FROM pg_roles WHERE oid = $1', [roleid]);
      await c.query(`REVOKE ${ident(name)} FROM ${ident(runtime.name)}`);
    }
    await c.query(`ALTER DATABASE ${ident(database)} OWNER TO ${ident(owner.name)}`);
  });
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${encodeURIComponent(database)}`;
  const moved = await withClient(dbUrl.toString(), (c) => transferOwnership(c, owner.name, runtime.name));
  return { created, moved };
}

// Everything in public that is not part of an extension and not owned by the
// owner. Sequences owned by a column follow their table, indexes too.
async function transferOwnership(c: pg.Client, owner: string, runtime: string): Promise<number> {
  const notExtension = (cls: string, oid: string) =>
    `NOT EXISTS (SELECT 1 FROM pg_depend e WHERE e.classid = '${cls}'::regclass AND e.objid = ${oid} AND e.deptype = 'e')`;
  const ownerOid = `(SELECT oid FROM pg_roles WHERE rolname = ${literal(owner)})`;
  const relations = await c.query<{ name: string; kind: string }>(
    `SELECT c.relname AS name, c.relkind AS kind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm', 'f', 'S') AND c.relowner <> ${ownerOid}
        AND ${notExtension('pg_class', 'c.oid')}
        AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype IN ('a', 'i') AND d.refclassid = 'pg_class'::regclass)`,
  );
  const types = await c.query<{ name: string }>(
    `SELECT t.typname AS name FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
      WHERE n.nspname = 'public' AND t.typtype IN ('e', 'd', 'm') AND t.typowner <> ${ownerOid} AND ${notExtension('pg_type', 't.oid')}`,
  );
  const functions = await c.query<{ signature: string; kind: string }>(
    `SELECT p.oid::regprocedure::text AS signature, p.prokind AS kind FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = 'public' AND p.proowner <> ${ownerOid} AND ${notExtension('pg_proc', 'p.oid')}`,
  );
  const o = ident(owner);
  const statements = [
    ...relations.rows.map(
      (r) =>
        `ALTER ${r.kind === 'S' ? 'SEQUENCE' : r.kind === 'v' ? 'VIEW' : r.kind === 'm' ? 'MATERIALIZED VIEW' : r.kind === 'f' ? 'FOREIGN TABLE' : 'TABLE'} ${ident(r.name)} OWNER TO ${o}`,
    ),
    ...types.rows.map((t) => `ALTER TYPE ${ident(t.name)} OWNER TO ${o}`),
    ...functions.rows.map((f) => `ALTER ${f.kind === 'p' ? 'PROCEDURE' : 'FUNCTION'} ${f.signature} OWNER TO ${o}`),
    // The schema itself: PostgreSQL 15+ gives it to pg_database_owner (the
    // owner role, now); an older or re-created one may belong to the superuser.
    `DO $$ BEGIN IF (SELECT nspowner FROM pg_namespace WHERE nspname = 'public') NOT IN ('pg_database_owner'::regrole, ${ownerOid}) THEN ALTER SCHEMA public OWNER TO ${o}; END IF; END $$`,
    // The owner creates pg_trgm on a fresh database (a trusted extension).
    `REVOKE CREATE ON SCHEMA public FROM PUBLIC`,
    `REVOKE ALL ON SCHEMA public FROM ${ident(runtime)}`,
  ];
  await c.query(`BEGIN; ${statements.join(';\n')}; COMMIT`);
  return relations.rows.length + types.rows.length + functions.rows.length;
}

/**
 * The SQL a DBA runs (as a superuser or a role with CREATEROLE) to create both
 * roles for an external server: `npm run db:roles`. The grants themselves are
 * applied by the app after each migration, from RUNTIME_GRANTS.
 */
export function rolesSql(options: { database: string; owner: string; runtime: string; ownerPassword: string; runtimePassword: string }): string {
  const { database, owner, runtime } = options;
  const o = ident(owner);
  const r = ident(runtime);
  const d = ident(database);
  return [
    `-- Factdesk database roles (issue 14). Run as a superuser, e.g. psql -v ON_ERROR_STOP=1 -f roles.sql`,
    `-- ${owner}: runs migrations and owns every table (DATABASE_MIGRATION_URL).`,
    `-- ${runtime}: the app (DATABASE_URL). On audit_events only INSERT and SELECT;`,
    `-- the app grants it the rest of lib/runtime/roles.ts after every migration.`,
    `CREATE ROLE ${o} WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS PASSWORD ${literal(options.ownerPassword)};`,
    `CREATE ROLE ${r} WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS NOINHERIT PASSWORD ${literal(options.runtimePassword)};`,
    `CREATE DATABASE ${d} OWNER ${o} ENCODING 'UTF8';`,
    `-- Or, for an existing database: ALTER DATABASE ${d} OWNER TO ${o}; and, in it, ALTER TABLE … OWNER TO ${o} for every table.`,
    `REVOKE ALL ON DATABASE ${d} FROM PUBLIC;`,
    `GRANT CONNECT, TEMPORARY ON DATABASE ${d} TO ${o}, ${r};`,
    `\\connect ${d}`,
    `-- PostgreSQL 15+ already does this; older servers let every role create objects in public.`,
    `REVOKE CREATE ON SCHEMA public FROM PUBLIC;`,
    `GRANT USAGE ON SCHEMA public TO ${r};`,
    '',
  ].join('\n');
}
