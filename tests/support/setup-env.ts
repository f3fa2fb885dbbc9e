// Runs before each integration test file: a fresh database copied from the
// migrated template, so files never see each other's data.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';

const admin = inject('adminDatabaseUrl');
const name = `${inject('databasePrefix')}${randomBytes(4).toString('hex')}`;
const client = new pg.Client({ connectionString: admin });
await client.connect();
await client.query(`CREATE DATABASE "${name}" TEMPLATE "${inject('templateDatabase')}"`);
await client.end();

const url = new URL(admin);
url.pathname = `/${name}`;
process.env.DATABASE_URL = url.toString();
// Its own DATA_DIR too: the signed audit checkpoints there describe this database's chain
// (a desk's checkpoint file and its database belong together).
process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), 'factdesk-test-data-'));
process.env.NEXTAUTH_SECRET ??= 'factdesk-test-secret-not-for-production';
