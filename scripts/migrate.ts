// `npm run db:migrate`: applies pending migrations (like `prisma migrate deploy`).
import { applyMigrations } from '../lib/runtime/migrate';
import { withDatabase } from './with-database';

await withDatabase(async (url) => {
  const applied = await applyMigrations(url);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date; no migration applied.');
});
