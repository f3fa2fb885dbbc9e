// The runtime role's grants are one reviewed list (lib/runtime/roles.ts). A
// model added to the schema without an entry would stop every start-up; this
// says so before anything runs.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SCHEMA_PATH } from '../../lib/runtime/migrate';
import { assertGrantsCover, RUNTIME_GRANTS, rolesSql } from '../../lib/runtime/roles';

describe('RUNTIME_GRANTS', () => {
  it('names every table of prisma/schema.prisma', () => {
    const tables = [...readFileSync(SCHEMA_PATH, 'utf8').matchAll(/@@map\("([^"]+)"\)/g)].map((m) => m[1]!);
    expect(tables.length).toBeGreaterThan(10);
    expect(() => assertGrantsCover(tables)).not.toThrow();
  });

  it('refuses a table it does not name, naming it', () => {
    expect(() => assertGrantsCover(['claims', 'new_table'])).toThrow(/new_table: add an entry to RUNTIME_GRANTS/);
  });

  it('keeps the audit trail and its checkpoints append-only, and the migrations table the owner’s', () => {
    expect(RUNTIME_GRANTS.audit_events).toEqual(['SELECT', 'INSERT']);
    expect(RUNTIME_GRANTS.audit_checkpoints).toEqual(['SELECT', 'INSERT']);
    expect(RUNTIME_GRANTS._prisma_migrations).toEqual([]);
  });
});

describe('rolesSql (npm run db:roles)', () => {
  it('creates an owner and a runtime role that are no superusers, and a database the owner owns', () => {
    const sql = rolesSql({ database: 'desk', owner: 'desk_owner', runtime: 'desk_app', ownerPassword: "o'pw", runtimePassword: 'r' });
    expect(sql).toContain(`CREATE ROLE "desk_owner" WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS PASSWORD 'o''pw';`);
    expect(sql).toMatch(/CREATE ROLE "desk_app" WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS NOINHERIT/);
    expect(sql).toContain('CREATE DATABASE "desk" OWNER "desk_owner"');
    expect(sql).not.toMatch(/GRANT\s+"desk_owner"/);
  });
});
