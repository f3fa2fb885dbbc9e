// The `test` of the end-to-end specs that share the e2e server: Playwright's,
// plus `freshClaims`, which gives the test claims of its own (copies of seed
// articles, their titles starting with a tag of the test's; see
// tests/support/fresh-claims.ts). A test changes only claims it made, and
// finds them by id or with `/?q=<tag>`, so no spec depends on what another
// did to the desk, or in which order they ran.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import path from 'node:path';
import readline from 'node:readline';
import { Readable } from 'node:stream';
import { test as base } from '@playwright/test';
import { e2ePort, e2eServerEnv } from '../../playwright.config';
import { TS_NODE_ARGS } from '../../tests/support/app-server';
import { type FreshClaim, freshClaimsAnswerSchema, type SeedArticle } from '../../tests/support/fresh-claims';

export { expect } from '@playwright/test';
export type { FreshClaim, SeedArticle };

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The claims a test asked for, by article, and the tag in all their titles. */
export type FreshClaims<A extends SeedArticle> = { tag: string } & Record<A, FreshClaim>;

type Importer = {
  importCopies: (tag: string, articles: SeedArticle[]) => Promise<FreshClaim[]>;
  close: () => Promise<void>;
};

/** One importer process per worker, on that worker's desk: it starts in about a second, an import then takes milliseconds. */
function startImporter(worker: number): Importer {
  const child: ChildProcess = spawn(process.execPath, [...TS_NODE_ARGS, 'tests/support/fresh-claims-importer.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...e2eServerEnv(worker), DATABASE_URL: '' },
    stdio: ['pipe', 'pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const waiting = new Map<number, { resolve: (claims: FreshClaim[]) => void; reject: (e: Error) => void }>();
  const answers = child.stdio[3];
  if (!(answers instanceof Readable)) throw new Error('the claim importer has no answer pipe');
  readline.createInterface({ input: answers }).on('line', (line) => {
    const answer = freshClaimsAnswerSchema.parse(JSON.parse(line));
    const waiter = waiting.get(answer.id);
    waiting.delete(answer.id);
    if ('error' in answer) waiter?.reject(new Error(`importing claims failed: ${answer.error}\n${output}`));
    else waiter?.resolve(answer.claims);
  });
  const exited = once(child, 'exit');
  child.on('exit', (code, signal) => {
    for (const waiter of waiting.values()) waiter.reject(new Error(`the claim importer stopped (${signal ?? `exit ${code}`}):\n${output}`));
    waiting.clear();
  });
  let lastId = 0;
  return {
    importCopies: (tag, articles) =>
      new Promise((resolve, reject) => {
        if (child.exitCode !== null) {
          reject(new Error(`the claim importer is not running:\n${output}`));
          return;
        }
        const id = ++lastId;
        waiting.set(id, { resolve, reject });
        child.stdin?.write(`${JSON.stringify({ id, tag, articles })}\n`);
      }),
    close: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.stdin?.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export const test = base.extend<{ freshClaims: <A extends SeedArticle>(...articles: A[]) => Promise<FreshClaims<A>> }, { importer: Importer; deskUrl: string }>(
  {
    // This worker's desk (playwright.config.ts starts one per worker).
    deskUrl: [
      // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern; it must be one.
      async ({}, use, workerInfo) => {
        await use(`http://localhost:${e2ePort(workerInfo.parallelIndex)}`);
      },
      { scope: 'worker' },
    ],
    baseURL: async ({ deskUrl }, use) => {
      await use(deskUrl);
    },
    importer: [
      // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern; it must be one.
      async ({}, use, workerInfo) => {
        const importer = startImporter(workerInfo.parallelIndex);
        await use(importer);
        await importer.close();
      },
      { scope: 'worker' },
    ],
    freshClaims: async ({ importer }, use) => {
      await use(async <A extends SeedArticle>(...articles: A[]) => {
        const tag = `e2e-${randomBytes(4).toString('hex')}`;
        const claims = await importer.importCopies(tag, articles);
        const byArticle = Object.fromEntries(claims.map(({ article, ...claim }) => [article, { article, ...claim }]));
        return { tag, ...byArticle } as FreshClaims<A>;
      });
    },
  },
);
