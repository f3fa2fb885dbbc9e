// Claims of a test's own: copies of the seed articles imported as new claims,
// each title starting with a tag the test chose ("e2e-1a2b3c4d The Colombian
// authorities…"), so a search for the tag lists exactly them. Shared by the
// importer (tests/support/fresh-claims-importer.ts) and the Playwright fixture
// that talks to it (e2e/support/fixtures.ts).
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

const seedArticleSchema = z.enum(['portuguese', 'colombia567', 'fourGuards', 'bulgarian', 'hundredSoldiers'] satisfies (keyof typeof SEED_ARTICLES)[]);
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

/** The file name the copy is imported under: its source key is the seed's plus the tag. */
export function taggedFileName(article: SeedArticle, tag: string): string {
  return `${SEED_ARTICLES[article]}_${tag}.txt`;
}
