// Imports files one at a time through the one pipeline (importArticle, source
// "cli"): a file's bytes are read only when its turn comes and dropped after,
// so memory does not grow with the number of files. Refusals are outcomes;
// anything else the pipeline throws (the database went away) ends the run.
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ClaimRef, DuplicateMatch } from '../../lib/articles/find-duplicates';
import { type ImportRefusalReason, IMPORT_REFUSAL_REASONS } from '../../lib/articles/import-refusal';
import type { Actor } from '../../lib/auth/permissions';
import { importArticle } from '../../lib/claims/import-article';
import { type FrontMatterFields, readFrontMatter } from '../../lib/articles/front-matter';
import { isAppError } from '../../lib/errors';
import { MAX_UPLOAD_FILE_BYTES } from '../../lib/validation/articles';
import type { Entry, SkipReason } from './walk';

/** What the CLI imports; the pipeline knows a few more spellings, but these are the ones promised. */
export const CLI_EXTENSIONS = ['.txt', '.md', '.html', '.htm'] as const;

export type FileResult =
  | {
      outcome: 'created';
      path: string;
      /** null in a dry run: nothing was written. */
      claimId: string | null;
      title: string;
      language: string;
      languageConfidence: number;
      /** A confirmed near-duplicate (--allow-near-duplicates), linked to this claim. */
      nearDuplicateOf: DuplicateMatch | null;
    }
  | { outcome: 'duplicate'; path: string; of: ClaimRef }
  | { outcome: 'near_duplicate'; path: string; resembles: DuplicateMatch }
  | { outcome: 'refused'; path: string; reason: ImportRefusalReason; sentence: string }
  /** The file could not be read (permissions, removed meanwhile): the run ends with exit code 1. */
  | { outcome: 'unreadable'; path: string; sentence: string };

export type Tally = {
  files: number;
  created: number;
  linkedAsNearDuplicates: number;
  duplicate: number;
  nearDuplicateSkipped: number;
  refused: Map<ImportRefusalReason, number>;
  unreadable: number;
  skipped: Map<SkipReason, number>;
};

export function emptyTally(): Tally {
  return { files: 0, created: 0, linkedAsNearDuplicates: 0, duplicate: 0, nearDuplicateSkipped: 0, refused: new Map(), unreadable: 0, skipped: new Map() };
}

export function countResult(tally: Tally, r: FileResult): void {
  tally.files += 1;
  if (r.outcome === 'created') {
    tally.created += 1;
    if (r.nearDuplicateOf) tally.linkedAsNearDuplicates += 1;
  } else if (r.outcome === 'duplicate') tally.duplicate += 1;
  else if (r.outcome === 'near_duplicate') tally.nearDuplicateSkipped += 1;
  else if (r.outcome === 'refused') tally.refused.set(r.reason, (tally.refused.get(r.reason) ?? 0) + 1);
  else tally.unreadable += 1;
}

export type ImportFilesOptions = {
  entries: AsyncIterable<Entry>;
  /** null: the system. */
  actor: Actor | null;
  allowNearDuplicates: boolean;
  dryRun: boolean;
  /** --outlet, --url, --published: for every file whose front matter does not set them. */
  defaults?: FrontMatterFields;
  onResult?: (result: FileResult, tally: Tally) => void;
  onSkipped?: (path: string, why: SkipReason) => void;
  /** Checked between files (Ctrl-C): the file under way is finished first. */
  stopRequested?: () => boolean;
};

/** Counts into `tally`, so a caller still has the counts when a database error ends the run. */
export async function importFiles(options: ImportFilesOptions, tally: Tally = emptyTally()): Promise<Tally> {
  for await (const entry of options.entries) {
    if (options.stopRequested?.()) break;
    if (entry.kind === 'skipped') {
      tally.skipped.set(entry.why, (tally.skipped.get(entry.why) ?? 0) + 1);
      options.onSkipped?.(entry.path, entry.why);
      continue;
    }
    const result = await importFile(entry.path, options);
    countResult(tally, result);
    options.onResult?.(result, tally);
  }
  return tally;
}

const isRefusalReason = (r: unknown): r is ImportRefusalReason => IMPORT_REFUSAL_REASONS.some((known) => known === r);

const refused = (file: string, reason: ImportRefusalReason, sentence: string): FileResult => ({ outcome: 'refused', path: file, reason, sentence });

const tooLarge = (file: string, bytes: number) =>
  refused(file, 'too_large', `It is too large to import: ${(bytes / 1024 / 1024).toFixed(1)} MB, and the limit is ${MAX_UPLOAD_FILE_BYTES / 1024 / 1024} MB.`);

async function importFile(file: string, options: ImportFilesOptions): Promise<FileResult> {
  const extension = path.extname(file).toLowerCase();
  if (!(CLI_EXTENSIONS as readonly string[]).includes(extension)) {
    const what = extension ? `this is a ${extension} file` : 'this file has no extension';
    return refused(file, 'unsupported_type', `Only .txt, .md, .html and .htm files are imported, and ${what}.`);
  }
  let bytes: Buffer;
  try {
    // Checked before reading, so a 4 GB file is never loaded to be refused.
    const { size } = await stat(file);
    if (size > MAX_UPLOAD_FILE_BYTES) return tooLarge(file, size);
    bytes = await readFile(file);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return { outcome: 'unreadable', path: file, sentence: `It could not be read (${code ?? (e instanceof Error ? e.message : String(e))}).` };
  }
  // It may have grown between the two calls.
  if (bytes.length > MAX_UPLOAD_FILE_BYTES) return tooLarge(file, bytes.length);

  try {
    // HTML carries its own metadata; a text or Markdown file may open with a front-matter block.
    const front = extension === '.txt' || extension === '.md' ? readFrontMatter(bytes) : null;
    const r = await importArticle({
      actor: options.actor,
      source: 'cli',
      content: { bytes: front?.rest ?? bytes },
      overrides: { ...options.defaults, ...front?.fields },
      fileName: file,
      confirmNearDuplicate: options.allowNearDuplicates,
      preview: options.dryRun,
    });
    const best = r.nearDuplicates[0];
    switch (r.outcome) {
      case 'created':
        return {
          outcome: 'created',
          path: file,
          claimId: r.written ? r.claimId : null,
          title: r.article.title,
          language: r.article.language,
          languageConfidence: r.article.languageConfidence,
          nearDuplicateOf: r.nearDuplicateOf ?? (options.dryRun ? (best ?? null) : null),
        };
      case 'duplicate':
        if (!r.duplicateOf) throw new Error(`importArticle answered "duplicate" for ${file} without naming the claim`);
        return { outcome: 'duplicate', path: file, of: r.duplicateOf };
      case 'near_duplicate':
        if (!best) throw new Error(`importArticle answered "near_duplicate" for ${file} without naming the claim`);
        return { outcome: 'near_duplicate', path: file, resembles: best };
      case 'updated':
      case 'unchanged':
        // Only seed files update their claim; the CLI's files never do.
        throw new Error(`importArticle answered "${r.outcome}" for ${file}, which only seeds can get`);
    }
  } catch (e) {
    const reason = isAppError(e) ? e.details?.reason : undefined;
    if (isAppError(e) && isRefusalReason(reason)) return refused(file, reason, e.message);
    throw e;
  }
}
