// Seeding used by `npm run db:seed`, `npm start` and the tests: imports every
// seeds/*.txt as a claim and, when asked, creates the demo accounts.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { decodeArticleFile } from '../lib/articles/parse-article';
import { type ImportOutcome, importArticle } from '../lib/claims/import-article';
import { db } from '../lib/db';
import { createUser } from '../lib/users/create-user';
import { parseOrThrow } from '../lib/errors';
import { newUserSchema } from '../lib/validation/users';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-users';

export const SEEDS_DIR = import.meta.dirname;

export type SeedSummary = Record<ImportOutcome, string[]> & { demoUsersCreated: string[] };

export async function seedArticles(dir = SEEDS_DIR): Promise<SeedSummary> {
  const summary: SeedSummary = { created: [], unchanged: [], updated: [], demoUsersCreated: [] };
  const files = readdirSync(dir).filter((f) => f.endsWith('.txt')).sort();
  for (const file of files) {
    const raw = decodeArticleFile(file, readFileSync(path.join(dir, file)));
    const { outcome } = await importArticle({ fileName: file, raw });
    summary[outcome].push(path.basename(file, '.txt'));
  }
  return summary;
}

export async function seedDemoUsers(): Promise<string[]> {
  const created: string[] = [];
  for (const user of DEMO_USERS) {
    if (await db.user.findUnique({ where: { email: user.email } })) continue;
    await createUser({ actor: null, user: parseOrThrow(newUserSchema, { ...user, password: DEMO_PASSWORD }) });
    created.push(user.email);
  }
  return created;
}

export function formatSummary(s: SeedSummary): string {
  const line = (label: string, keys: string[]) => `  ${label.padEnd(10)} ${keys.length}${keys.length ? `  (${keys.join(', ')})` : ''}`;
  return [
    'Seed summary:',
    line('created', s.created),
    line('updated', s.updated),
    line('unchanged', s.unchanged),
    ...(s.demoUsersCreated.length ? [line('demo users', s.demoUsersCreated)] : []),
  ].join('\n');
}
