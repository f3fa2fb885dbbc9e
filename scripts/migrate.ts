// `npm run db:migrate`: applies pending migrations (like `prisma migrate deploy`)
// as the owner role, then the runtime role's grants, exactly as start-up does.
import { config } from '../lib/env';
import { migrateDatabase, openDatabase } from '../lib/runtime/prepare-database';

const say = (m: string) => console.error(m);
const database = await openDatabase(config(), say);
try {
  const applied = await migrateDatabase(database, say);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date; no migration applied.');
} finally {
  await database.stop();
}
