// `npm run import -- [options] <files or folders…>`: imports article files into
// the desk's database (DATABASE_URL, or the embedded server in DATA_DIR, as the
// other scripts find it) through the one pipeline, importArticle, as source
// "cli". Open browsers get the new claims live (lib/realtime/remote-publish.ts).
// Options and exit codes: ./import-articles/args.ts (USAGE) and the README.
import { config } from '../lib/env';
import { canImportArticles } from '../lib/auth/permissions';
import { disconnectDb } from '../lib/db';
import { isDatabaseUnavailable } from '../lib/db-unavailable';
import { openRemotePublisher } from '../lib/realtime/remote-publish';
import { findActiveActor } from '../lib/users/find-actor';
import { type CliArgs, parseCommandLine, USAGE } from './import-articles/args';
import { emptyTally, importFiles } from './import-articles/import-files';
import { describeResult, formatSummary, startProgress } from './import-articles/report';
import { missingPaths, walkPaths } from './import-articles/walk';
import { withDatabase } from './with-database';

/** A problem with what the command asks for (not its syntax): exit code 1. */
class UsageError extends Error {}

const command = parseCommandLine(process.argv.slice(2));
if (command.kind === 'help') {
  console.log(USAGE);
  process.exit(0);
}
if (command.kind === 'bad') {
  console.error(`${command.message}\n\n${USAGE}`);
  process.exit(2);
}
const { args } = command;

let stopRequested = false;
process.on('SIGINT', () => {
  if (stopRequested) process.exit(130);
  stopRequested = true;
  process.stderr.write('\nStopping after the file under way (Ctrl-C again to quit at once) …\n');
});

async function importer(email: string | undefined) {
  if (!email) return null;
  const actor = await findActiveActor(email);
  if (!actor) throw new UsageError(`--as ${email}: there is no active account with that email.`);
  if (!canImportArticles(actor)) throw new UsageError(`--as ${email}: a ${actor.role} cannot import articles; only editors and reviewers can.`);
  return actor;
}

async function countFiles(paths: readonly string[]): Promise<number> {
  let n = 0;
  for await (const entry of walkPaths(paths)) if (entry.kind === 'file') n += 1;
  return n;
}

function claimUrl(id: string): string {
  const { NEXTAUTH_URL, PORT } = config();
  return `${(NEXTAUTH_URL ?? `http://localhost:${PORT}`).replace(/\/$/, '')}/claims/${id}`;
}

/** Runs the import; returns the exit code. */
async function run(a: CliArgs, databaseUrl: string): Promise<number> {
  const actor = await importer(a.as);
  const total = await countFiles(a.paths);
  const publisher = a.dryRun ? null : openRemotePublisher(databaseUrl);
  const progress = startProgress({ total, every: a.progressEvery, tty: process.stderr.isTTY });
  const tally = emptyTally();
  const started = performance.now();
  // A database error ends the run, after the summary of what was done until then.
  let failure: { error: unknown } | null = null;
  try {
    await importFiles(
      {
        entries: walkPaths(a.paths),
        actor,
        allowNearDuplicates: a.allowNearDuplicates,
        dryRun: a.dryRun,
        defaults: a.defaults,
        stopRequested: () => stopRequested,
        onResult: (result, t) => {
          const line = describeResult(result, { dryRun: a.dryRun, claimUrl });
          if (line) progress.line(line);
          progress.update(t);
        },
      },
      tally,
    );
  } catch (error) {
    failure = { error };
  }
  progress.stop();
  // Waits for the live pushes still being sent: the process must not end before them.
  await publisher?.close();
  const ended = failure ? 'failed' : stopRequested ? 'interrupted' : 'done';
  console.log(formatSummary(tally, { elapsedMs: performance.now() - started, dryRun: a.dryRun, ended }));
  if (failure) throw failure.error;
  if (stopRequested) return 130;
  return tally.unreadable > 0 ? 1 : 0;
}

function explain(e: unknown): string {
  if (e instanceof UsageError) return e.message;
  if (isDatabaseUnavailable(e))
    return `The database is not reachable (${config().databaseUrl ? 'DATABASE_URL' : 'embedded server'}): ${e instanceof Error ? e.message : String(e)}`;
  // P2021: a table is missing, i.e. a database the desk was never started on.
  if ((e as { code?: unknown }).code === 'P2021') return 'This database has no Factdesk tables yet: start the desk once (npm start) or run npm run db:migrate.';
  return `The import stopped on a database error: ${e instanceof Error ? e.message : String(e)}`;
}

const problems = await missingPaths(args.paths);
if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
let code: number;
try {
  code = await withDatabase(async (url) => {
    try {
      return await run(args, url);
    } finally {
      await disconnectDb();
    }
  });
} catch (e) {
  console.error(explain(e));
  code = 1;
}
process.exit(code);
