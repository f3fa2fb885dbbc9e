// Claims of a test's own: copies of the seed articles imported as new claims,
// each title starting with a tag the test chose ("e2e-1a2b3c4d The Colombian
// authorities…"), so a search for the tag lists exactly them. Shared by the
// importer (tests/support/fresh-claims-importer.ts) and the Playwright fixture
// that talks to it (e2e/support/fixtures.ts).
import path from 'node:path';
import { z } from 'zod';

/** The seed files, by the name tests use for them (seeds/*.txt). */
export const SEED_ARTICLES = {
  /** "Um balanço anterior dava conta de 23 efetivos…" */
  portuguese: '000_552dc560a453afa8',
  /** "The Colombian authorities reported that 567 Venezuelan soldiers had defected…" */
  colombia567: '001_a4564d29494e56b0',
  /** "Four members of the Bolivarian National Guard … deserted" */
  fourGuards: '002_d367ca68bff82dc3',
  /** "Дезертирането дойде, когато Хуан Гуайдо…" */
  bulgarian: '003_c796c6a1adc09b2d',
  /** "More than one hundred Venezuelan soldiers have defected…", with trailing boilerplate */
  hundredSoldiers: '004_70e37703d5faa8e3',
} as const;

/**
 * Articles of the tests' own beside the seeds (seeds/ holds only the five fixed
 * articles), in tests/fixtures. Imported as the page they are, with their
 * address given as an editor would.
 */
export const FIXTURE_ARTICLES = {
  /** An Arabic news page (right to left) naming its outlet, byline and date. */
  arabic: {
    file: 'pages/arabic-rtl.html',
    headline: 'انشقاق عشرات الجنود الفنزويليين وعبورهم إلى كولومبيا',
    url: 'https://news.example/ar/2019/02/24/venezuela-defections',
  },
} as const;

const seedArticleSchema = z.enum(['portuguese', 'colombia567', 'fourGuards', 'bulgarian', 'hundredSoldiers', 'arabic'] satisfies (
  keyof typeof SEED_ARTICLES | keyof typeof FIXTURE_ARTICLES
)[]);
/** The articles a test can have copies of: a seed file's, or a fixture page's (FIXTURE_ARTICLES). */
export type SeedArticle = z.infer<typeof seedArticleSchema>;

export const FRESH_TAG = /^e2e-[0-9a-f]{8}$/;

export const freshClaimsRequestSchema = z.object({
  id: z.number().int(),
  tag: z.string().regex(FRESH_TAG),
  articles: z.array(seedArticleSchema).min(1),
});
export type FreshClaimsRequest = z.infer<typeof freshClaimsRequestSchema>;

export const freshClaimSchema = z.object({ article: seedArticleSchema, id: z.uuid(), title: z.string(), version: z.number().int() });
export type FreshClaim = z.infer<typeof freshClaimSchema>;

export const freshClaimsAnswerSchema = z.union([
  z.object({ id: z.number().int(), claims: z.array(freshClaimSchema) }),
  z.object({ id: z.number().int(), error: z.string() }),
]);
export type FreshClaimsAnswer = z.infer<typeof freshClaimsAnswerSchema>;

/** The article's text with the tag in front of its first line, which its title is derived from. */
export function taggedText(raw: string, tag: string): string {
  return raw.replace(/^\s*/, (lead) => `${lead}${tag} `);
}

/** A fixture page with the tag in front of its headline (wherever the page names it) and of its first paragraph. */
export function taggedPage(raw: string, headline: string, tag: string): string {
  return raw.replaceAll(headline, `${tag} ${headline}`).replace('<p>', `<p>${tag} `);
}

/** The file name the copy is imported under: its source key is the seed's (or fixture's) plus the tag. */
export function taggedFileName(article: SeedArticle, tag: string): string {
  if (article === 'arabic') return `${path.basename(FIXTURE_ARTICLES.arabic.file, '.html')}_${tag}.html`;
  return `${SEED_ARTICLES[article]}_${tag}.txt`;
}
