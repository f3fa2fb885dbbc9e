// Turns one seed file (name + raw text) into the fields stored for an article; pure, no I/O.
import 'server-only';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { deriveTitle } from './derive-title';
import { detectLanguage } from './detect-language';
import { unstorableTextReason } from '../validation/text';
import { splitBoilerplate } from './split-boilerplate';

export type ParsedArticle = {
  /** File name without ".txt", e.g. "004_70e37703d5faa8e3"; the idempotency key for seeding. */
  sourceKey: string;
  title: string;
  /** Raw text minus trailing boilerplate, unedited: `body + (boilerplate ?? '') === raw`. */
  body: string;
  boilerplate: string | null;
  /** ISO 639-1 code, or 'und'. */
  language: string;
  /** sha256 hex of the raw text, to notice when a seed file changed. */
  contentHash: string;
};

// The name becomes a database key and may end up in URLs or paths, so keep it boring.
// A leading dot is refused so ".." or hidden files can never become a key.
const FileNameSchema = z
  .string()
  .regex(/^[A-Za-z0-9_.-]+\.txt$/, 'expected letters, digits, "_", "." or "-" ending in ".txt"')
  .refine((name) => !name.startsWith('.'), 'must not start with "."');

/** A seed file's idempotency key (its name without ".txt"), or null when the name is not a valid seed name. */
export function seedSourceKey(fileName: string): string | null {
  return FileNameSchema.safeParse(fileName).success ? fileName.slice(0, -'.txt'.length) : null;
}

export function parseArticle(fileName: string, raw: string): ParsedArticle {
  const name = FileNameSchema.safeParse(fileName);
  if (!name.success) {
    const reason = name.error.issues.map((issue) => issue.message).join('; ');
    throw new Error(`Invalid article file name ${JSON.stringify(fileName)}: ${reason}`);
  }
  if (raw.trim() === '') {
    throw new Error(`Article file ${JSON.stringify(fileName)} is empty`);
  }
  // Stored byte for byte or not at all: PostgreSQL text cannot hold NUL.
  const unstorable = unstorableTextReason(raw);
  if (unstorable) {
    const at = raw.indexOf('\u0000');
    throw new Error(`Article file ${JSON.stringify(fileName)} cannot be imported: ${unstorable}${at >= 0 ? ` First at character ${at}.` : ''}`);
  }

  const { body, boilerplate } = splitBoilerplate(raw);
  return {
    sourceKey: name.data.slice(0, -'.txt'.length),
    // Boilerplate only ever trails, but using the body keeps widget text out of both guesses.
    title: deriveTitle(body),
    body,
    boilerplate,
    language: detectLanguage(body).language,
    contentHash: createHash('sha256').update(raw, 'utf8').digest('hex'),
  };
}
