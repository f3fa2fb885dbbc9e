// The import CLI's parts that need no database: its command line, the folder
// walk (nested folders, hidden entries, links that would loop) and what it
// prints for each file and at the end.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFrontMatter } from '../../lib/articles/front-matter';
import { isAppError } from '../../lib/errors';
import { parseCommandLine } from '../../scripts/import-articles/args';
import { emptyTally, type FileResult, type Tally } from '../../scripts/import-articles/import-files';
import { describeResult, formatSummary } from '../../scripts/import-articles/report';
import { type Entry, missingPaths, walkPaths } from '../../scripts/import-articles/walk';

describe('the command line', () => {
  it('takes paths and flags, with defaults', () => {
    expect(parseCommandLine(['a', 'b/c'])).toEqual({
      kind: 'run',
      args: { paths: ['a', 'b/c'], allowNearDuplicates: false, dryRun: false, as: undefined, defaults: {}, progressEvery: 100 },
    });
    expect(parseCommandLine(['--allow-near-duplicates', 'x', '--dry-run', '--as', ' Rita@Paper.Example ', '--progress-every', '25'])).toEqual({
      kind: 'run',
      args: { paths: ['x'], allowNearDuplicates: true, dryRun: true, as: 'rita@paper.example', defaults: {}, progressEvery: 25 },
    });
    expect(parseCommandLine(['-h'])).toEqual({ kind: 'help' });
    // After "--", a name that starts with "-" is a path.
    expect(parseCommandLine(['--', '-odd-name.txt'])).toMatchObject({ kind: 'run', args: { paths: ['-odd-name.txt'] } });
  });

  it.each([
    [['--bogus', 'x'], "Unknown option '--bogus'."],
    [['--as'], "Option '--as <value>' argument missing."],
    [[], 'Name at least one file or folder to import.'],
    [['--as', 'not-an-email', 'x'], '--as: Enter a valid email address.'],
    [['--progress-every', 'often', 'x'], '--progress-every takes a whole number of files, e.g. 100.'],
    [['--progress-every', '2.5', 'x'], '--progress-every takes a whole number of files, e.g. 100.'],
    [['--progress-every', '0', 'x'], '--progress-every is at least 1.'],
    [['--dry-run=yes', 'x'], "Option '--dry-run' does not take an argument."],
    [['--published', '23/02/2019', 'x'], '--published: Published date: YYYY-MM-DD or an ISO date-time.'],
    [['--published', '2019-02-30', 'x'], '--published: Published date: YYYY-MM-DD or an ISO date-time.'],
    [['--url', 'ftp://x.example/a', 'x'], '--url: Addresses must be http:// or https:// URLs.'],
  ])('refuses %j in one sentence', (argv, message) => {
    expect(parseCommandLine(argv)).toEqual({ kind: 'bad', message });
  });
});

describe('dates, outlets and addresses for the files', () => {
  it('takes --outlet, --url and --published for every file', () => {
    expect(parseCommandLine(['--outlet', ' Reuters ', '--url', 'https://news.example/a', '--published', '2019-02-23', 'x'])).toMatchObject({
      kind: 'run',
      args: { defaults: { outlet: 'Reuters', url: 'https://news.example/a', publishedAt: '2019-02-23' } },
    });
  });

  const bytes = (text: string) => new TextEncoder().encode(text);
  const text = (b: Uint8Array) => new TextDecoder().decode(b);

  it('reads a front-matter block and leaves the article after it', () => {
    const read = readFrontMatter(bytes('---\noutlet: وكالة الأنباء\nurl: https://news.example/a\npublished: 2019-02-23\n---\nSoldiers crossed the bridge.\n'));
    expect(read?.fields).toEqual({ outlet: 'وكالة الأنباء', url: 'https://news.example/a', publishedAt: '2019-02-23' });
    expect(text(read?.rest ?? new Uint8Array())).toBe('Soldiers crossed the bridge.\n');
    expect(readFrontMatter(bytes('No block here.\n---\n'))).toBeNull();
  });

  it.each([
    ['a bad date', '---\npublished: 23/02/2019\n---\nText.', /^Its front matter cannot be read: published: Published date: YYYY-MM-DD/],
    ['an unknown field', '---\npublised: 2019-02-23\n---\nText.', /^Its front matter cannot be read: it knows outlet, url and published, not publised\.$/],
    ['no closing line', '---\noutlet: AFP\nText.', /no closing "---" line/],
    ['broken YAML', '---\noutlet: [AFP\n---\nText.', /^Its front matter cannot be read: it is not YAML/],
  ])('refuses %s in one sentence', (_name, file, message) => {
    let error: unknown;
    try {
      readFrontMatter(bytes(file));
    } catch (e) {
      error = e;
    }
    expect(isAppError(error) && error.details?.reason).toBe('bad_front_matter');
    expect(error instanceof Error ? error.message : '').toMatch(message);
  });
});

describe('walking folders', () => {
  let root: string;
  const collected = async (paths: string[]) => {
    const out: Entry[] = [];
    for await (const e of walkPaths(paths)) out.push(e);
    return out.map((e) => (e.kind === 'file' ? `file ${path.relative(root, e.path)}` : `${e.why} ${path.relative(root, e.path)}`)).sort();
  };

  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'factdesk-walk-'));
    for (const dir of ['a/b/c', 'a/.git/objects', 'd']) mkdirSync(path.join(root, dir), { recursive: true });
    for (const file of ['top.txt', 'a/one.md', 'a/b/two.html', 'a/b/c/three.htm', 'a/.hidden.txt', 'a/.git/objects/blob', 'd/notes.pdf']) {
      writeFileSync(path.join(root, file), 'x');
    }
    symlinkSync(path.join(root, 'a'), path.join(root, 'a/b/c/loop'));
    symlinkSync(path.join(root, 'top.txt'), path.join(root, 'd/link.txt'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('finds every file in nested folders, leaves hidden entries and links alone, and never loops', async () => {
    expect(await collected([root])).toEqual([
      'file a/b/c/three.htm',
      'file a/b/two.html',
      'file a/one.md',
      'file d/notes.pdf',
      'file top.txt',
      'hidden a/.git',
      'hidden a/.hidden.txt',
      'symlink a/b/c/loop',
      'symlink d/link.txt',
    ]);
  });

  it('follows a link named on the command line, and takes files and folders alike', async () => {
    expect(await collected([path.join(root, 'd/link.txt'), path.join(root, 'a/b')])).toEqual([
      'file a/b/c/three.htm',
      'file a/b/two.html',
      'file d/link.txt',
      'symlink a/b/c/loop',
    ]);
  });

  it('names the paths that are not there before anything starts', async () => {
    expect(await missingPaths([root, path.join(root, 'nope'), path.join(root, 'top.txt')])).toEqual([`There is no file or folder ${path.join(root, 'nope')}.`]);
  });
});

describe('what it prints', () => {
  const claimUrl = (id: string) => `http://desk.test/claims/${id}`;
  const seed = { claimId: 'c1', title: 'Soldiers defect at the border' };

  it('one line per file worth a look, naming the claim it matches', () => {
    const lines = (r: FileResult, dryRun = false) => describeResult(r, { dryRun, claimUrl });
    expect(
      lines({ outcome: 'created', path: 'a.txt', claimId: 'n1', title: 'New', language: 'en', languageConfidence: 0.9, nearDuplicateOf: null }),
    ).toBeNull();
    expect(
      lines({
        outcome: 'created',
        path: 'a.txt',
        claimId: 'n1',
        title: 'New',
        language: 'en',
        languageConfidence: 0.9,
        nearDuplicateOf: { ...seed, similarity: 0.84 },
      }),
    ).toBe('created       a.txt: linked as a near-duplicate, 84% like "Soldiers defect at the border" http://desk.test/claims/c1');
    expect(
      lines({ outcome: 'created', path: 'a.txt', claimId: null, title: 'New', language: 'pt', languageConfidence: 0.87, nearDuplicateOf: null }, true),
    ).toBe('would create  a.txt: "New" (pt, 87% sure)');
    expect(lines({ outcome: 'duplicate', path: 'b.txt', of: seed })).toBe(
      'duplicate     b.txt: the same text is already "Soldiers defect at the border" http://desk.test/claims/c1',
    );
    expect(lines({ outcome: 'near_duplicate', path: 'c.md', resembles: { ...seed, similarity: 0.5 } })).toBe(
      'skipped       c.md: 50% like "Soldiers defect at the border" http://desk.test/claims/c1 (--allow-near-duplicates imports it)',
    );
    expect(lines({ outcome: 'refused', path: 'd.txt', reason: 'empty', sentence: 'It is empty: there is no text to import.' })).toBe(
      'refused       d.txt: It is empty: there is no text to import.',
    );
  });

  it('a summary table with every outcome, the refusals by reason, the time and the rate', () => {
    const t: Tally = {
      ...emptyTally(),
      files: 1250,
      created: 1200,
      linkedAsNearDuplicates: 3,
      duplicate: 20,
      nearDuplicateSkipped: 10,
      refused: new Map([
        ['empty', 2],
        ['too_large', 18],
      ]),
    };
    t.skipped.set('hidden', 1);
    t.skipped.set('symlink', 2);
    expect(formatSummary(t, { elapsedMs: 12_500, dryRun: false, ended: 'done' })).toBe(
      [
        'Import finished: 1,250 files in 12.5 s, 100.0 files/s.',
        '',
        '  created                                    1,200',
        '    of them linked to a claim they resemble      3',
        '  duplicate (same text already on the desk)     20',
        '  near-duplicate, skipped                       10',
        '  refused                                       20',
        '    too large (over 2 MB)                       18',
        '    empty                                        2',
        '  could not be read                              0',
        '  -----------------------------------------  -----',
        '  files in all                               1,250',
        '',
        'Left alone inside folders: 1 hidden entry, 2 symbolic links.',
      ].join('\n'),
    );
    expect(formatSummary(emptyTally(), { elapsedMs: 10, dryRun: true, ended: 'done' })).toMatch(/^Dry run finished \(nothing was written\): 0 files in 0\.0 s/);
    expect(formatSummary(emptyTally(), { elapsedMs: 10, dryRun: false, ended: 'failed' })).toMatch(/^Import stopped by the error below: /);
  });
});
