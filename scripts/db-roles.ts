// `npm run db:roles -- [--database factdesk] [--owner factdesk_owner] [--runtime factdesk_app] [--generate-passwords]`:
// prints the SQL a DBA runs on an external PostgreSQL server to create the
// owner role (DATABASE_MIGRATION_URL) and the runtime role (DATABASE_URL).
// The per-table grants are applied by the app after every migration.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { rolesSql } from '../lib/runtime/roles';

// PostgreSQL identifiers without quoting trouble: lowercase, at most 63 bytes.
const identifier = z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a lowercase name of letters, digits and _ (at most 63), starting with a letter or _');

const argsSchema = z
  .object({
    database: identifier.default('factdesk'),
    owner: identifier.default('factdesk_owner'),
    runtime: identifier.default('factdesk_app'),
    'generate-passwords': z.boolean().default(false),
  })
  .strict()
  .refine((a) => a.owner !== a.runtime, { path: ['runtime'], error: 'must differ from the owner role' });

const usage = 'Usage: npm run --silent db:roles -- [--database NAME] [--owner ROLE] [--runtime ROLE] [--generate-passwords] > roles.sql';

let raw: ReturnType<typeof parseArgs>['values'];
try {
  raw = parseArgs({
    options: { database: { type: 'string' }, owner: { type: 'string' }, runtime: { type: 'string' }, 'generate-passwords': { type: 'boolean' } },
    strict: true,
  }).values;
} catch (e) {
  console.error(`${e instanceof Error ? e.message : String(e)}\n${usage}`);
  process.exit(2);
}
const parsed = argsSchema.safeParse(raw);
if (!parsed.success) {
  console.error(`${parsed.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('\n')}\n${usage}`);
  process.exit(2);
}
const args = parsed.data;
const password = (placeholder: string) => (args['generate-passwords'] ? randomBytes(24).toString('base64url') : placeholder);
const ownerPassword = password('CHANGE-ME-owner-password');
const runtimePassword = password('CHANGE-ME-runtime-password');

process.stdout.write(
  rolesSql({ database: args.database, owner: args.owner, runtime: args.runtime, ownerPassword, runtimePassword }) +
    `-- Then start Factdesk with (host and port of your server):\n` +
    `--   DATABASE_URL=postgresql://${args.runtime}:${encodeURIComponent(runtimePassword)}@HOST:5432/${args.database}\n` +
    `--   DATABASE_MIGRATION_URL=postgresql://${args.owner}:${encodeURIComponent(ownerPassword)}@HOST:5432/${args.database}\n`,
);
