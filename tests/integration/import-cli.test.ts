// `npm run import` as a user runs it: the real command in a child process,
// against this file's database, on a temporary tree of folders. Checks what it
// prints (per-file lines, the summary), what it writes (claims, source rows,
// audit events) and does not write, its exit codes, and that a browser
// connected to the running desk gets the new claims live.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../lib/db';
import { MAX_UPLOAD_FILE_BYTES } from '../../lib/validation/articles';
import { SEEDS_DIR } from '../../seeds/run-seed';
import { closeDesk, type Desk, openDesk } from '../support/fixtures';
import { collect, connectSocket, connected, type DeskSocket } from '../support/socket-client';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SEED_COPIED = '001_a4564d29494e56b0';
const SEED_REORDERED = '002_d367ca68bff82dc3';

type Run = { code: number | null; stdout: string; stderr: string };

/** Runs `npm run -s import -- ...args` to completion. */
function runImport(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '-s', 'import', '--', ...args], {
      cwd: ROOT,
      env: { ...process.env, NEXTAUTH_URL: desk.app.baseUrl, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The summary table's count for a row label, e.g. count(out, 'created'). */
function count(stdout: string, label: string): number | null {
  const line = stdout.split('\n').find((l) => l.trimStart().startsWith(`${label} `) && /\s[\d,]+$/.test(l));
  return line ? Number(/([\d,]+)$/.exec(line)?.[1]?.replace(/,/g, '')) : null;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const seedText = (key: string) => readFileSync(path.join(SEEDS_DIR, `${key}.txt`), 'utf8');

let desk: Desk;
let tree: string;
let files: Record<'copy' | 'reordered' | 'text' | 'page' | 'empty' | 'binary' | 'pdf' | 'huge' | 'hidden', string>;
let watcher: DeskSocket;

const NEW_TEXT = [
  'Harbour workers in Porto Vela end a three-day strike',
  '',
  'Dock workers in the port of Porto Vela returned to work on Thursday after a three-day strike over night-shift pay, the port authority said.',
  '',
  'The union said 412 of its members had voted to accept an offer of 6 percent more for night shifts and two extra days of leave a year.',
  '',
].join('\n');

const NEW_PAGE = `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Lluvias en Mérida</title></head><body>
<nav><a href="/">Portada</a></nav>
<article><h1>Las lluvias cortan tres carreteras en el sur de Mérida</h1>
<p>Las fuertes lluvias de la noche del martes cortaron tres carreteras en el sur del estado Mérida, informó el jueves la gobernación.</p>
<p>Según protección civil, 37 familias fueron trasladadas a refugios temporales y no se reportaron víctimas.</p>
<p>Los trabajos para reabrir la vía principal comenzarán el viernes si el tiempo lo permite.</p></article>
</body></html>`;

function reordered(text: string): string {
  const paragraphs = text.split('\n\n');
  return [...paragraphs.slice(2), ...paragraphs.slice(0, 2)].join('\n\n');
}

beforeAll(async () => {
  desk = await openDesk();
  tree = mkdtempSync(path.join(tmpdir(), 'factdesk-import-cli-'));
  const put = (rel: string, data: string | Uint8Array) => {
    const full = path.join(tree, rel);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, data);
    return full;
  };
  files = {
    copy: put('news/2019/feb/copy-of-a-seed.txt', seedText(SEED_COPIED)),
    reordered: put('news/2019/feb/reordered.md', reordered(seedText(SEED_REORDERED))),
    text: put('news/2019/strike.txt', NEW_TEXT),
    page: put('news/lluvias.html', NEW_PAGE),
    empty: put('news/empty.txt', ''),
    binary: put(
      'news/photo.txt',
      Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0, 1, 0, 0, 0, 1, 0, 8, 6]),
    ),
    pdf: put('news/notes.pdf', '%PDF-1.7 not an article'),
    huge: put('news/huge.txt', Buffer.alloc(MAX_UPLOAD_FILE_BYTES + 1, 'a')),
    hidden: put('news/.drafts/draft.txt', NEW_TEXT.replace('Thursday', 'Friday')),
  };
  watcher = connectSocket(desk.app.baseUrl, { cookie: desk.cookies.viewer });
  await connected(watcher);
}, 120_000);

afterAll(async () => {
  watcher.disconnect();
  rmSync(tree, { recursive: true, force: true });
  await closeDesk(desk);
});

// Each run starts a Node process and, once it imports, a worker thread that loads
// the parsers (lib/workers/untrusted-pool.ts): seconds each on a busy machine.
const CLI_TEST_TIMEOUT_MS = 120_000;

describe('npm run import', () => {
  it(
    'imports the new articles of a folder tree, names what it skips and refuses, and audits each import',
    async () => {
      const live = collect(watcher);
      const claimsBefore = await db.claim.count();
      const eventsBefore = await db.auditEvent.count();

      const run = await runImport([tree, '--progress-every', '3']);
      expect(run.code, run.stderr).toBe(0);

      // The summary table.
      expect(run.stdout).toContain('Import finished: 8 files in');
      expect(count(run.stdout, 'created')).toBe(2);
      expect(count(run.stdout, 'of them linked to a claim they resemble')).toBe(0);
      expect(count(run.stdout, 'duplicate (same text already on the desk)')).toBe(1);
      expect(count(run.stdout, 'near-duplicate, skipped')).toBe(1);
      expect(count(run.stdout, 'refused')).toBe(4);
      for (const reason of ['empty', 'binary, not text', 'too large (over 2 MB)', 'not .txt, .md, .html or .htm']) expect(count(run.stdout, reason)).toBe(1);
      expect(count(run.stdout, 'files in all')).toBe(8);
      expect(run.stdout).toContain('Left alone inside folders: 1 hidden entry.');
      expect(run.stdout).toMatch(/files\/s\./);

      // One line per file worth a look, naming the claim it matches.
      const copied = await db.claim.findUniqueOrThrow({ where: { sourceKey: SEED_COPIED } });
      const resembled = await db.claim.findUniqueOrThrow({ where: { sourceKey: SEED_REORDERED } });
      const lineOf = (file: string) => run.stdout.split('\n').find((l) => l.includes(`${file}:`)) ?? '';
      expect(lineOf(files.copy)).toMatch(/^duplicate\s/);
      expect(lineOf(files.copy)).toContain(`${desk.app.baseUrl}/claims/${copied.id}`);
      expect(lineOf(files.reordered)).toMatch(/^skipped\s+.*: \d+% like ".+" /);
      expect(lineOf(files.reordered)).toContain(`${desk.app.baseUrl}/claims/${resembled.id} (--allow-near-duplicates imports it)`);
      expect(lineOf(files.empty)).toMatch(/^refused\s+.*: It is empty: there is no text to import\.$/);
      expect(lineOf(files.binary)).toMatch(/^refused\s+.*: It is not a text file: /);
      expect(lineOf(files.pdf)).toMatch(/^refused\s+.*: Only \.txt, \.md, \.html and \.htm files are imported, and this is a \.pdf file\.$/);
      expect(lineOf(files.huge)).toMatch(/^refused\s+.*: It is too large to import: 2\.0 MB, and the limit is 2 MB\.$/);
      expect(run.stdout).not.toContain('draft.txt');
      // Not a terminal: progress as lines on stderr, every 3 files and at the end.
      expect(run.stderr).toContain('[import] 3/8 files');
      expect(run.stderr).toContain('[import] 8/8 files (100%)');

      // Two claims and three audit events each (the import, its grouping, its figures), nothing for the others.
      expect(await db.claim.count()).toBe(claimsBefore + 2);
      expect(await db.auditEvent.count()).toBe(eventsBefore + 6);
      for (const [file, title, language] of [
        [files.text, 'Harbour workers in Porto Vela end a three-day strike', 'en'],
        // An HTML page's headline is its <title> (lib/articles/extract-html.ts).
        [files.page, 'Lluvias en Mérida', 'es'],
      ] as const) {
        const bytes = readFileSync(file);
        const source = await db.articleSource.findFirstOrThrow({ where: { name: file }, include: { claim: true } });
        expect(source).toMatchObject({ kind: 'cli', byteLength: bytes.length, sha256: sha256(bytes) });
        expect(Buffer.from(source.original).equals(bytes)).toBe(true);
        expect(source.claim).toMatchObject({ title, language, nearDuplicateOfId: null });
        const event = await db.auditEvent.findFirstOrThrow({ where: { claimId: source.claimId }, orderBy: { seq: 'asc' } });
        expect(event).toMatchObject({ action: 'article.imported', actorId: null, actorLabel: 'system' });
        expect(event.after).toMatchObject({ source: { kind: 'cli', name: file, byteLength: bytes.length, sha256: sha256(bytes) }, nearDuplicateOf: null });
      }

      // The viewer's browser, connected to the app server, got both claims live.
      await live.waitFor(2);
      const pushed = live.changes.filter((c) => c.event.action === 'article.imported');
      const created = await db.articleSource.findMany({ where: { kind: 'cli' }, select: { claimId: true } });
      expect(pushed.map((c) => c.claim?.id).sort()).toEqual(created.map((c) => c.claimId).sort());
    },
    CLI_TEST_TIMEOUT_MS,
  );

  it(
    'with --allow-near-duplicates imports the near-duplicate, linked to the claim it resembles, as the --as account',
    async () => {
      const reviewer = await db.user.findUniqueOrThrow({ where: { email: 'reviewer@factdesk.test' } });
      const resembled = await db.claim.findUniqueOrThrow({ where: { sourceKey: SEED_REORDERED } });

      const run = await runImport(['--allow-near-duplicates', '--as', 'Reviewer@Factdesk.test', path.join(tree, 'news')]);
      expect(run.code, run.stderr).toBe(0);
      expect(count(run.stdout, 'created')).toBe(1);
      expect(count(run.stdout, 'of them linked to a claim they resemble')).toBe(1);
      // The copy of the seed and the two files imported by the first run.
      expect(count(run.stdout, 'duplicate (same text already on the desk)')).toBe(3);
      expect(count(run.stdout, 'near-duplicate, skipped')).toBe(0);
      expect(count(run.stdout, 'refused')).toBe(4);
      expect(run.stdout).toMatch(/^created\s+.*reordered\.md: linked as a near-duplicate, \d+% like /m);

      const source = await db.articleSource.findFirstOrThrow({ where: { name: files.reordered }, include: { claim: true } });
      expect(source.claim.nearDuplicateOfId).toBe(resembled.id);
      expect(source.claim.nearDuplicateSimilarity).toBeGreaterThanOrEqual(0.3);
      const event = await db.auditEvent.findFirstOrThrow({ where: { claimId: source.claimId }, orderBy: { seq: 'asc' } });
      expect(event).toMatchObject({ action: 'article.imported', actorId: reviewer.id, actorLabel: reviewer.email });
      expect(event.after).toMatchObject({ source: { kind: 'cli', name: files.reordered }, nearDuplicateOf: { claimId: resembled.id } });
    },
    CLI_TEST_TIMEOUT_MS,
  );

  it(
    '--dry-run says what each file would become and writes nothing',
    async () => {
      const fresh = path.join(tree, 'fresh.txt');
      writeFileSync(
        fresh,
        'A new bridge opens over the river Tessa\n\nThe regional council opened the long-delayed bridge over the river Tessa on Saturday, ' +
          'eleven years after the old one was closed. Engineers said the crossing would cut the drive to the coast by forty minutes.\n',
      );
      const before = { claims: await db.claim.count(), events: await db.auditEvent.count() };

      const run = await runImport(['--dry-run', fresh, files.copy]);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain('Dry run finished (nothing was written): 2 files');
      expect(run.stdout).toMatch(/^would create\s+.*fresh\.txt: "A new bridge opens over the river Tessa" \(en, \d+% sure\)/m);
      expect(count(run.stdout, 'would be created')).toBe(1);
      expect(count(run.stdout, 'duplicate (same text already on the desk)')).toBe(1);
      expect({ claims: await db.claim.count(), events: await db.auditEvent.count() }).toEqual(before);
    },
    CLI_TEST_TIMEOUT_MS,
  );

  it.each([
    ['an unknown option', ['--bogus', 'x'], "Unknown option '--bogus'."],
    ['no path', [], 'Name at least one file or folder to import.'],
    ['--as without a valid email', ['--as', 'someone', 'x'], '--as: Enter a valid email address.'],
    ['--progress-every 0', ['--progress-every', '0', 'x'], '--progress-every is at least 1.'],
  ])('bad arguments (%s): exit code 2, the reason and the usage', async (_name, args, message) => {
    const run = await runImport(args);
    expect(run.code).toBe(2);
    expect(run.stderr.split('\n')[0]).toBe(message);
    expect(run.stderr).toContain('Usage: npm run import -- [options] <file or folder>...');
    expect(run.stdout).toBe('');
  });

  it(
    'a missing path, an account that cannot import, and an unreachable database: exit code 1, nothing written',
    async () => {
      const before = await db.claim.count();
      const missing = await runImport([path.join(tree, 'no-such-folder')]);
      expect(missing.code).toBe(1);
      expect(missing.stderr.trim()).toBe(`There is no file or folder ${path.join(tree, 'no-such-folder')}.`);

      const viewer = await runImport(['--as', 'viewer@factdesk.test', files.text]);
      expect(viewer.code).toBe(1);
      expect(viewer.stderr).toContain('--as viewer@factdesk.test: a viewer cannot import articles; only editors and reviewers can.');

      const nobody = await runImport(['--as', 'nobody@factdesk.test', files.text]);
      expect(nobody.code).toBe(1);
      expect(nobody.stderr).toContain('--as nobody@factdesk.test: there is no active account with that email.');

      // Port 9 (discard) has nothing listening on a test machine.
      const down = await runImport([files.text], { DATABASE_URL: 'postgresql://postgres@127.0.0.1:9/none', DB_CONNECT_TIMEOUT_MS: '1000' });
      expect(down.code).toBe(1);
      expect(down.stderr).toContain('The database is not reachable (DATABASE_URL)');
      expect(await db.claim.count()).toBe(before);
    },
    CLI_TEST_TIMEOUT_MS,
  );
});
