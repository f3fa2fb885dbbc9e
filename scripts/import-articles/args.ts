// The import CLI's command line: parsed with node:util, then validated with
// zod, so every mistake comes back as one sentence followed by the usage.
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { emailSchema } from '../../lib/validation/users';
import { articleOverridesSchema } from '../../lib/validation/articles';

export const USAGE = `Usage: npm run import -- [options] <file or folder>...

Imports .txt, .md, .html and .htm files into the desk through the same pipeline
as the Add articles page. Folders are read recursively; hidden entries and
symbolic links inside them are left alone.

Options:
  --allow-near-duplicates  also import articles that resemble an existing claim
                           (each is linked to the claim it resembles)
  --dry-run                say what each file would become; write nothing
  --as <email>             record the import as this editor's or reviewer's
                           (default: the system)
  --outlet <name>          the outlet of every file that does not name its own
  --url <address>          the original article's address, likewise
  --published <date>       the published date (YYYY-MM-DD or an ISO date-time),
                           likewise
  --progress-every <n>     without a terminal, print progress every n files (100)
  -h, --help               show this help

A .txt or .md file may open with a front-matter block, whose values win over
the flags:
  ---
  outlet: Reuters
  url: https://example.org/article
  published: 2019-02-23
  ---

Exit status: 0 every file was read (refused files included), 1 a path, account
or database problem, 2 bad arguments.`;

export const cliArgsSchema = z.object({
  paths: z.array(z.string().min(1)).min(1, 'Name at least one file or folder to import.'),
  allowNearDuplicates: z.boolean(),
  dryRun: z.boolean(),
  as: emailSchema.optional(),
  defaults: z.object({
    outlet: articleOverridesSchema.shape.outlet,
    url: articleOverridesSchema.shape.url,
    publishedAt: articleOverridesSchema.shape.publishedAt,
  }),
  progressEvery: z.coerce
    .number({ error: '--progress-every takes a whole number of files, e.g. 100.' })
    .int('--progress-every takes a whole number of files, e.g. 100.')
    .min(1, '--progress-every is at least 1.')
    .default(100),
});
export type CliArgs = z.output<typeof cliArgsSchema>;

const FLAG_OF: Readonly<Record<string, string>> = { outlet: 'outlet', url: 'url', publishedAt: 'published' };

export type ParsedCommandLine = { kind: 'help' } | { kind: 'run'; args: CliArgs } | { kind: 'bad'; message: string };

export function parseCommandLine(argv: readonly string[]): ParsedCommandLine {
  let parsed: ReturnType<typeof readArgv>;
  try {
    parsed = readArgv(argv);
  } catch (e) {
    // node:util names the option: "Unknown option '--x'", "Option '--as <value>' argument missing".
    // (its advice on positionals that start with "-" is left out: it reads as noise here).
    const first = e instanceof Error ? (/^.*?\.(?=\s|$)/.exec(e.message)?.[0] ?? e.message) : String(e);
    return { kind: 'bad', message: first.replace(/([^.])$/, '$1.') };
  }
  const { values, positionals } = parsed;
  if (values.help) return { kind: 'help' };
  const result = cliArgsSchema.safeParse({
    paths: positionals,
    allowNearDuplicates: values['allow-near-duplicates'] ?? false,
    dryRun: values['dry-run'] ?? false,
    as: values.as,
    defaults: { outlet: values.outlet, url: values.url, publishedAt: values.published },
    progressEvery: values['progress-every'],
  });
  if (!result.success) {
    const issue = result.error.issues[0];
    const flag = issue?.path[0] === 'defaults' ? FLAG_OF[String(issue.path[1])] : issue?.path[0] === 'as' ? 'as' : undefined;
    const field = flag ? `--${flag}: ` : '';
    return { kind: 'bad', message: `${field}${issue?.message ?? 'Bad arguments.'}` };
  }
  return { kind: 'run', args: result.data };
}

function readArgv(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      'allow-near-duplicates': { type: 'boolean' },
      'dry-run': { type: 'boolean' },
      as: { type: 'string' },
      'progress-every': { type: 'string' },
      outlet: { type: 'string' },
      url: { type: 'string' },
      published: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}
