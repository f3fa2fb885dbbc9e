// Seeding used by `npm run db:seed`, `npm start` and the tests: imports every
// seeds/*.txt through the import pipeline (lib/claims/import-article.ts)
// and, when asked, creates the demo accounts.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fingerprintClaims } from '../lib/articles/fingerprint-claims';
import { importArticle } from '../lib/claims/import-article';
import { db } from '../lib/db';
import { AppError } from '../lib/errors';
import { createUser } from '../lib/users/create-user';
import { parseOrThrow } from '../lib/errors';
import { newUserSchema } from '../lib/validation/users';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-users';

export const SEEDS_DIR = import.meta.dirname;

export type SeedSummary = {
  created: string[];
  updated: string[];
  unchanged: string[];
  /** Seeds whose text another claim already has (not imported). */
  duplicate: { key: string; of: string }[];
  /** Seeds that resemble another claim (not imported: a seed cannot confirm). */
  nearDuplicate: { key: string; resembles: string; similarity: number }[];
  /** Claims on the desk that were given their duplicate-check fingerprint. */
  fingerprinted: number;
  demoUsersCreated: string[];
};

/** A run that imported nothing (SEED_ARTICLES_DISABLED). */
export function emptySummary(): SeedSummary {
  return { created: [], updated: [], unchanged: [], duplicate: [], nearDuplicate: [], fingerprinted: 0, demoUsersCreated: [] };
}

export async function seedArticles(dir = SEEDS_DIR): Promise<SeedSummary> {
  // Claims from before fingerprints existed must be findable by the checks below.
  const fingerprinted = await fingerprintClaims();
  const summary: SeedSummary = { ...emptySummary(), fingerprinted };
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.txt'))
    .sort();
  for (const file of files) {
    const key = path.basename(file, '.txt');
    const result = await importArticle({ actor: null, source: 'seed', fileName: file, content: { bytes: readFileSync(path.join(dir, file)) } }).catch(
      (error: unknown) => {
        if (!(error instanceof AppError)) throw error;
        const reason = error.message.charAt(0).toLowerCase() + error.message.slice(1);
        throw new AppError(error.code, `Seed file ${JSON.stringify(file)} cannot be imported: ${reason}`, error.details);
      },
    );
    if (result.outcome === 'duplicate') summary.duplicate.push({ key, of: result.duplicateOf?.title ?? '' });
    else if (result.outcome === 'near_duplicate') {
      const best = result.nearDuplicates[0];
      summary.nearDuplicate.push({ key, resembles: best?.title ?? '', similarity: best?.similarity ?? 0 });
    } else summary[result.outcome].push(key);
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
    ...(s.duplicate.length
      ? [
          line(
            'duplicate',
            s.duplicate.map((d) => `${d.key}: same text as "${d.of}"`),
          ),
        ]
      : []),
    ...(s.nearDuplicate.length
      ? [
          line(
            'skipped',
            s.nearDuplicate.map((d) => `${d.key}: ${Math.round(d.similarity * 100)}% like "${d.resembles}"`),
          ),
        ]
      : []),
    ...(s.fingerprinted ? [`  fingerprinted ${s.fingerprinted} existing claim${s.fingerprinted === 1 ? '' : 's'} for the duplicate checks`] : []),
    ...(s.demoUsersCreated.length ? [line('demo users', s.demoUsersCreated)] : []),
  ].join('\n');
}
