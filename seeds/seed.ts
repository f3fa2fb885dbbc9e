// `npm run db:seed`: import the articles (and demo users on the embedded database),
// then group any claims not yet in a story.
import { config } from '../lib/env';
import { disconnectDb } from '../lib/db';
import { withDatabase } from '../scripts/with-database';
import { applyMigrations } from '../lib/runtime/migrate';
import { groupUngrouped } from '../lib/stories/desk/backfill';
import { extractStaleFigures } from '../lib/figures/desk/backfill';
import { formatSummary, seedArticles, seedDemoUsers } from './run-seed';

const embedded = !config().DATABASE_URL;
await withDatabase(async (url) => {
  await applyMigrations(url);
  const summary = await seedArticles();
  if (embedded || config().SEED_DEMO_USERS) summary.demoUsersCreated = await seedDemoUsers();
  console.log(formatSummary(summary));
  const { grouped } = await groupUngrouped();
  if (grouped) console.log(`Grouped ${grouped} article${grouped === 1 ? '' : 's'} into stories`);
  // Articles no extractor of this FIGURES_VERSION has read (a desk from before figures, bulk imports, a new extractor).
  const { extracted } = await extractStaleFigures();
  if (extracted) console.log(`Extracted the figures of ${extracted} article${extracted === 1 ? '' : 's'}`);
  await disconnectDb();
});
