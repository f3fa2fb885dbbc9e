// Issue 14, "Separate roles": migrations run as an owner role, the app as a
// runtime role that can only INSERT into and SELECT from the audit trail. As
// the runtime role every statement that could rewrite the trail (or grant
// itself the means to) is refused, while the desk works normally. The roles
// are created from `npm run db:roles`'s own SQL, through psql, as a DBA would.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { applyMigrations, listMigrations } from '../../lib/runtime/migrate';
import { embeddedUrl, startEmbeddedPostgres } from '../../lib/runtime/postgres';
import { migrateDatabase, type PreparedDatabase } from '../../lib/runtime/prepare-database';
import { EMBEDDED_OWNER_ROLE, EMBEDDED_RUNTIME_ROLE, RUNTIME_GRANTS } from '../../lib/runtime/roles';
import { DEMO_PASSWORD } from '../../seeds/demo-users';
import { type AppServer, freePort, login, startAppServer, stopStarted, TS_NODE_ARGS } from '../support/app-server';

const ROOT = path.resolve(import.meta.dirname, '../..');
const admin = inject('adminDatabaseUrl');
const tag = randomBytes(4).toString('hex');
const database = `${inject('databasePrefix')}roles_${tag}`;
const ownerRole = `factdesk_test_owner_${tag}`;
const runtimeRole = `factdesk_test_app_${tag}`;

type Outcome = { code: string | null; message: string; notices: string[] };

/** Runs statements on one connection; the first error's SQLSTATE (null if none) and any warnings. */
async function run(url: string, statements: readonly string[]): Promise<Outcome> {
  const client = new pg.Client({ connectionString: url });
  const notices: string[] = [];
  client.on('notice', (n) => notices.push(n.message ?? ''));
  await client.connect();
  try {
    for (const sql of statements) await client.query(sql);
    return { code: null, message: '', notices };
  } catch (e) {
    const error = e as { code?: string; message?: string };
    return { code: error.code ?? 'unknown', message: error.message ?? '', notices };
  } finally {
    await client.end();
  }
}

async function rows<T extends pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

// What the DBA would run: `npm run db:roles` piped into psql.
function createRolesAsDba(): { runtimeUrl: string; ownerUrl: string } {
  const cli = spawnSync(
    process.execPath,
    [...TS_NODE_ARGS, 'scripts/db-roles.ts', '--database', database, '--owner', ownerRole, '--runtime', runtimeRole, '--generate-passwords'],
    { cwd: ROOT, encoding: 'utf8' },
  );
  if (cli.status !== 0) throw new Error(`db:roles failed: ${cli.stderr}`);
  const psql = spawnSync('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', admin], { input: cli.stdout, encoding: 'utf8' });
  if (psql.status !== 0) throw new Error(`psql refused the db:roles SQL: ${psql.stderr}`);
  const host = new URL(admin).host;
  const urlFor = (name: string) => {
    const line = cli.stdout.split('\n').find((l) => l.startsWith(`--   ${name}=`));
    if (!line) throw new Error(`db:roles printed no ${name}`);
    return line.slice(`--   ${name}=`.length).replace('HOST:5432', host);
  };
  return { runtimeUrl: urlFor('DATABASE_URL'), ownerUrl: urlFor('DATABASE_MIGRATION_URL') };
}

let runtimeUrl: string;
let ownerUrl: string;
let app: AppServer | undefined;
const logged: string[] = [];

beforeAll(async () => {
  ({ runtimeUrl, ownerUrl } = createRolesAsDba());
  const prepared: PreparedDatabase = { url: runtimeUrl, migrationUrl: ownerUrl, embedded: false, separateRoles: true, stop: async () => {} };
  await migrateDatabase(prepared, (m) => logged.push(m));
}, 120_000);

afterAll(async () => {
  await stopStarted(app);
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  await client.query(`DROP ROLE IF EXISTS "${runtimeRole}"`);
  await client.query(`DROP ROLE IF EXISTS "${ownerRole}"`);
  await client.end();
});

describe('an external server with DATABASE_URL (runtime) and DATABASE_MIGRATION_URL (owner)', () => {
  it('migrated as the owner, which owns every table; the runtime role is no superuser and owns nothing', async () => {
    const applied = await rows<{ migration_name: string }>(ownerUrl, 'SELECT migration_name FROM _prisma_migrations ORDER BY 1');
    expect(applied.map((r) => r.migration_name)).toEqual(listMigrations().migrationDirectories.map((d) => d.path));
    const owners = await rows<{ owner: string }>(
      ownerUrl,
      `SELECT DISTINCT pg_get_userbyid(c.relowner) AS owner FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'S', 'i')`,
    );
    expect(owners).toEqual([{ owner: ownerRole }]);
    const [role] = await rows(
      runtimeUrl,
      `SELECT rolsuper, rolcreatedb, rolcreaterole, rolreplication, rolbypassrls, pg_has_role(current_user, $1, 'MEMBER') AS owner_member
         FROM pg_roles WHERE rolname = current_user`,
      [ownerRole],
    );
    expect(role).toEqual({ rolsuper: false, rolcreatedb: false, rolcreaterole: false, rolreplication: false, rolbypassrls: false, owner_member: false });
    expect(logged.filter((m) => m.includes('only as strong as'))).toEqual([]);
  });

  it('grants the runtime role exactly the reviewed list, and on audit_events only INSERT and SELECT', async () => {
    const granted = await rows<{ table_name: string; privilege_type: string }>(
      ownerUrl,
      `SELECT table_name, privilege_type FROM information_schema.role_table_grants WHERE grantee = $1 ORDER BY 1, 2`,
      [runtimeRole],
    );
    const byTable: Record<string, string[]> = {};
    for (const g of granted) (byTable[g.table_name] ??= []).push(g.privilege_type);
    const tables = await rows<{ relname: string }>(ownerUrl, `SELECT relname FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind = 'r'`);
    const expected = Object.fromEntries(
      tables.map((t) => [t.relname, [...(RUNTIME_GRANTS[t.relname] ?? [])].sort()] as const).filter(([, privileges]) => privileges.length > 0),
    );
    expect(byTable).toEqual(expected);
    expect(byTable.audit_events).toEqual(['INSERT', 'SELECT']);
  });

  const refusals: [string, string[]][] = [
    ['UPDATE audit_events', ["UPDATE audit_events SET reason = 'rewritten'"]],
    ['DELETE FROM audit_events', ['DELETE FROM audit_events']],
    ['TRUNCATE audit_events', ['TRUNCATE audit_events']],
    ['ALTER TABLE audit_events', ['ALTER TABLE audit_events DROP CONSTRAINT audit_events_action_check']],
    ['ALTER TABLE audit_events DISABLE TRIGGER', ['ALTER TABLE audit_events DISABLE TRIGGER audit_events_no_update_delete']],
    ['ALTER TABLE audit_events DISABLE TRIGGER ALL', ['ALTER TABLE audit_events DISABLE TRIGGER ALL']],
    ['SET session_replication_role = replica', ['SET session_replication_role = replica']],
    ['SET LOCAL session_replication_role = replica', ['BEGIN', 'SET LOCAL session_replication_role = replica']],
    [
      'CREATE FUNCTION … SECURITY DEFINER in public',
      ["CREATE FUNCTION public.rewrite_trail() RETURNS void LANGUAGE sql SECURITY DEFINER AS 'DELETE FROM audit_events'"],
    ],
    ['CREATE TABLE in public', ['CREATE TABLE public.shadow (seq bigint)']],
    ['DROP TABLE audit_events', ['DROP TABLE audit_events']],
    ['GRANT the owner role to itself', [`GRANT "${ownerRole}" TO CURRENT_USER`]],
    ['GRANT itself a table it may not touch', ['GRANT SELECT ON _prisma_migrations TO CURRENT_USER']],
    ['ALTER ROLE itself to superuser', ['ALTER ROLE CURRENT_USER SUPERUSER']],
  ];
  it.each(refusals)('refuses, as the runtime role: %s', async (_name, statements) => {
    const outcome = await run(runtimeUrl, statements);
    expect(outcome.code, outcome.message).toBe('42501');
  });

  it('GRANT UPDATE on audit_events to itself grants nothing: UPDATE stays refused', async () => {
    const granted = await run(runtimeUrl, ['GRANT UPDATE, DELETE, TRUNCATE ON audit_events TO CURRENT_USER']);
    expect(granted.notices.join(' ')).toContain('no privileges were granted');
    expect((await run(runtimeUrl, ["UPDATE audit_events SET reason = 'rewritten'"])).code).toBe('42501');
  });

  it('a table missing from the reviewed list stops the migration step with its name', async () => {
    await run(ownerUrl, ['CREATE TABLE unlisted_notes (id int)']);
    const prepared: PreparedDatabase = { url: runtimeUrl, migrationUrl: ownerUrl, embedded: false, separateRoles: true, stop: async () => {} };
    await expect(migrateDatabase(prepared, () => {})).rejects.toThrow(/No runtime grants are listed for table unlisted_notes/);
    await run(ownerUrl, ['DROP TABLE unlisted_notes']);
  });

  it('refuses a runtime role that is the owner or trusted more than the app needs', async () => {
    const same: PreparedDatabase = { url: ownerUrl, migrationUrl: ownerUrl, embedded: false, separateRoles: true, stop: async () => {} };
    await expect(migrateDatabase(same, () => {})).rejects.toThrow(/must not be the owner/);
    const superuser: PreparedDatabase = {
      url: withDatabase(admin, database),
      migrationUrl: ownerUrl,
      embedded: false,
      separateRoles: true,
      stop: async () => {},
    };
    await expect(migrateDatabase(superuser, () => {})).rejects.toThrow(/must not be trusted more than the app needs, but it is SUPERUSER/);
  });

  it('serves the desk as the runtime role: seeds, sign-in, a verdict and its audit event', async () => {
    app = await startAppServer({ DATABASE_URL: runtimeUrl, DATABASE_MIGRATION_URL: ownerUrl, SEED_DEMO_USERS: '1' });
    expect(app.output()).not.toContain('only as strong as');
    const session = await login(app.baseUrl, 'reviewer@factdesk.test', DEMO_PASSWORD);
    expect(session.ok).toBe(true);
    const [claim] = await rows<{ id: string }>(runtimeUrl, "SELECT id FROM claims WHERE source_key = '001_a4564d29494e56b0'");
    const res = await fetch(`${app.baseUrl}/api/claims/${claim!.id}/verdict`, {
      method: 'POST',
      headers: { cookie: session.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'verified', reason: 'Checked against the registry.', evidence: [], expectedVersion: 1 }),
    });
    expect(res.status).toBe(200);
    const events = await rows<{ action: string }>(runtimeUrl, "SELECT action FROM audit_events WHERE claim_id = $1 AND action = 'claim.verdict_set'", [
      claim!.id,
    ]);
    expect(events).toHaveLength(1);
    // Every connection the app holds (Prisma, socket.io's adapter, the session listener) is the runtime role.
    const users = await rows<{ usename: string }>(
      ownerUrl,
      'SELECT DISTINCT usename FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND usename IS NOT NULL',
    );
    expect(users).toEqual([{ usename: runtimeRole }]);
  }, 120_000);
});

describe('one URL only', () => {
  it('migrates and runs with it, saying in one line that the audit trail is only as strong as that role', async () => {
    const url = process.env.DATABASE_URL!;
    const lines: string[] = [];
    await migrateDatabase({ url, migrationUrl: url, embedded: false, separateRoles: false, stop: async () => {} }, (m) => lines.push(m));
    const warning = lines.filter((m) => m.includes('audit trail is only as strong as that role'));
    expect(warning).toHaveLength(1);
    expect(warning[0]).not.toContain('\n');
    expect(warning[0]).toContain('DATABASE_MIGRATION_URL');
  });
});

describe('an embedded data directory made before the roles existed', () => {
  const dataDir = path.join(ROOT, `.data/test-roles-${process.pid}`);
  const pgDir = path.join(dataDir, 'postgres');
  let port: number;
  let desk: AppServer | undefined;

  beforeAll(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    port = await freePort();
    // What `main` did: one superuser (factdesk) migrates and owns everything.
    const old = await startEmbeddedPostgres({ dataDir: pgDir, port, database: 'factdesk' });
    try {
      await applyMigrations(old.url);
    } finally {
      await old.stop();
    }
  }, 120_000);

  afterAll(async () => {
    await stopStarted(desk);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is converted on the next start: both roles, the owner owns it all, the app runs as the runtime role', async () => {
    const superuserUrl = embeddedUrl(pgDir, port, 'factdesk');
    desk = await startAppServer({ DATABASE_URL: undefined, DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(port) });
    for (const role of ['owner', 'app']) {
      const file = `${pgDir}.${role}.password`;
      expect(existsSync(file)).toBe(true);
      expect(statSync(file).mode & 0o777).toBe(0o600);
    }
    const owners = await rows<{ owner: string }>(
      superuserUrl,
      `SELECT DISTINCT pg_get_userbyid(c.relowner) AS owner FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'S', 'i')
        UNION SELECT pg_get_userbyid(datdba) FROM pg_database WHERE datname = 'factdesk'
        UNION SELECT pg_get_userbyid(proowner) FROM pg_proc WHERE proname = 'audit_events_append_only'`,
    );
    expect(owners).toEqual([{ owner: EMBEDDED_OWNER_ROLE }]);
    const users = await rows<{ usename: string }>(
      superuserUrl,
      'SELECT DISTINCT usename FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND usename IS NOT NULL',
    );
    expect(users).toEqual([{ usename: EMBEDDED_RUNTIME_ROLE }]);

    // The desk works as the runtime role: demo users and articles were seeded, a verdict is audited.
    const session = await login(desk.baseUrl, 'reviewer@factdesk.test', DEMO_PASSWORD);
    expect(session.ok).toBe(true);
    const [claim] = await rows<{ id: string }>(superuserUrl, "SELECT id FROM claims WHERE source_key = '001_a4564d29494e56b0'");
    const res = await fetch(`${desk.baseUrl}/api/claims/${claim!.id}/verdict`, {
      method: 'POST',
      headers: { cookie: session.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'disputed', reason: 'Five days, not one.', evidence: [], expectedVersion: 1 }),
    });
    expect(res.status).toBe(200);
    const audited = await rows(superuserUrl, "SELECT 1 FROM audit_events WHERE claim_id = $1 AND action = 'claim.verdict_set'", [claim!.id]);
    expect(audited).toHaveLength(1);

    // And it cannot rewrite what it wrote.
    const runtimeUrl = superuserUrl.replace(
      /\/\/[^@]+@/,
      `//${EMBEDDED_RUNTIME_ROLE}:${encodeURIComponent(readFileSync(`${pgDir}.app.password`, 'utf8').trim())}@`,
    );
    expect((await run(runtimeUrl, ['DELETE FROM audit_events'])).code).toBe('42501');
    expect((await run(runtimeUrl, ['BEGIN', 'SET LOCAL session_replication_role = replica'])).code).toBe('42501');

    // A second start finds everything in place.
    await desk.stop();
    desk = await startAppServer({ DATABASE_URL: undefined, DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(port) });
    expect((await login(desk.baseUrl, 'reviewer@factdesk.test', DEMO_PASSWORD)).ok).toBe(true);
  }, 120_000);
});
