// The client/server boundary and the layering of lib/, checked over the
// import graph of the files on disk (tests/support/import-graph.ts). `next
// build` enforces the first part as well, but only minutes in and only for what
// a page reaches; this names the import chain at once.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cycles, ImportGraph, ROOT, sourceFiles } from '../support/import-graph';

const graph = new ImportGraph();
const LIB = sourceFiles('lib');

/**
 * The lib/ modules the browser may load: zod schemas, shared types, wording
 * and pure helpers, the socket event contract, the client's change feed and
 * its replay buffer, and the figures board.
 * Every other lib/ module starts with `import 'server-only'`.
 */
const CLIENT_SAFE: (string | RegExp)[] = [
  /^lib\/validation\//,
  /^lib\/utils\//,
  'lib/realtime/events.ts',
  'lib/realtime/session-end-reasons.ts',
  'lib/realtime/change-feed.ts',
  'lib/realtime/recent-changes.ts',
  'lib/errors.ts',
  'lib/figures/board.ts',
];
const isClientSafe = (file: string) => !file.startsWith('lib/') || CLIENT_SAFE.some((p) => (typeof p === 'string' ? p === file : p.test(file)));

/**
 * Import chains from `start` to modules browser code must not load: ones
 * marked server-only, lib/ modules that are not client-safe, Node built-ins.
 * Type-only imports count too: browser code does not lean on server modules
 * even for a type.
 */
function serverReach(start: string): string[] {
  const found: string[] = [];
  const seen = new Set([start]);
  const queue: string[][] = [[start]];
  for (let chain = queue.shift(); chain; chain = queue.shift()) {
    const info = graph.get(chain.at(-1)!);
    for (const p of info.packages) if (p.name.startsWith('node:')) found.push([...chain, p.name].join(' > '));
    for (const dep of info.imports) {
      if (seen.has(dep.file)) continue;
      seen.add(dep.file);
      if (!isClientSafe(dep.file) || graph.get(dep.file).serverOnly) found.push([...chain, dep.file].join(' > '));
      else queue.push([...chain, dep.file]);
    }
  }
  return found;
}

describe('the client/server boundary', () => {
  const browserEntries = ['app', 'components', 'lib'].flatMap(sourceFiles).filter((f) => graph.get(f).useClient);

  it('finds the client components', () => {
    expect(browserEntries.length).toBeGreaterThan(15);
    expect(browserEntries).toContain('components/realtime/realtime-provider.tsx');
  });

  it("'use client' files import nothing server-only, directly or through other files", () => {
    expect(browserEntries.flatMap(serverReach)).toEqual([]);
  });

  it('every lib/ module is marked server-only or is client-safe', () => {
    const unmarked = LIB.filter((f) => !isClientSafe(f) && !graph.get(f).serverOnly);
    const markedShared = LIB.filter((f) => isClientSafe(f) && graph.get(f).serverOnly);
    expect({ unmarked, markedShared }).toEqual({ unmarked: [], markedShared: [] });
  });

  it('client-safe modules reach no server-only module and no Node built-in', () => {
    expect(LIB.filter(isClientSafe).flatMap(serverReach)).toEqual([]);
  });

  it("Playwright's own process (e2e/) loads only client-safe modules: it has no server-only hook", () => {
    const chains = [...sourceFiles('e2e'), 'playwright.config.ts'].flatMap((f) =>
      [...graph.runtimeClosure(f).entries()].filter(([dep]) => graph.get(dep).serverOnly).map(([, chain]) => chain.join(' > ')),
    );
    expect(chains).toEqual([]);
  });

  it('every command that runs TypeScript with tsx also registers the server-only hook', () => {
    const HOOK = 'register-server-only.mjs';
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    // A command is a package.json script, or an argument list in a source file
    // (which the formatter may spread over several lines): the hook must come
    // right after tsx in it.
    const texts = [
      ...Object.entries(pkg.scripts).map(([name, text]) => ({ where: `package.json "${name}"`, text })),
      ...['scripts', 'server', 'tests', 'e2e', 'bench']
        .flatMap(sourceFiles)
        .concat('playwright.config.ts')
        // (the last test below runs without the hook on purpose)
        .filter((f) => f !== 'tests/unit/import-boundaries.test.ts')
        .map((f) => ({ where: f, text: readFileSync(path.join(ROOT, f), 'utf8') })),
    ];
    const tsxRuns = texts.flatMap(({ where, text }) =>
      [...text.matchAll(/--import(?:['"]\s*,\s*['"]|\s+)tsx\b/g)].map((m) => ({
        where: `${where}:${text.slice(0, m.index).split('\n').length}`,
        after: text.slice(m.index, m.index + 200),
      })),
    );
    expect(tsxRuns.length).toBeGreaterThanOrEqual(11);
    expect(tsxRuns.filter(({ after }) => !after.includes(HOOK)).map(({ where }) => where)).toEqual([]);
  });

  it('outside Next.js, a server-only module loads with the hook and refuses without it', () => {
    const run = (flags: string[]) =>
      spawnSync(process.execPath, [...flags, '--input-type=module', '-e', "await import('./lib/request-meta.ts'); console.log('loaded');"], {
        cwd: ROOT,
        encoding: 'utf8',
      });
    const withHook = run(['--import', 'tsx', '--import', './scripts/register-server-only.mjs']);
    expect(withHook.stdout.trim(), withHook.stderr).toBe('loaded');
    const without = run(['--import', 'tsx']);
    expect(without.status).not.toBe(0);
    expect(without.stderr).toContain('This module cannot be imported from a Client Component module');
  });
});

/** lib/claims/set-verdict.ts → lib/claims; lib/db.ts → lib/db. */
const folderOf = (file: string) => {
  const parts = file.split('/');
  return parts.length > 2 ? parts.slice(0, 2).join('/') : file.replace(/\.tsx?$/, '');
};

describe('the layers of lib/', () => {
  const edges = new Map<string, Set<string>>();
  for (const file of LIB) {
    for (const dep of graph.get(file).imports) {
      const [from, to] = [folderOf(file), folderOf(dep.file)];
      if (from === to) continue;
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from)!.add(to);
    }
  }

  it('has folder-level imports in every folder (the graph is read)', () => {
    expect([...(edges.get('lib/claims') ?? [])]).toEqual(expect.arrayContaining(['lib/audit', 'lib/realtime', 'lib/validation']));
  });

  it('has no import cycle between folders (type-only imports count)', () => {
    expect(cycles(edges)).toEqual([]);
  });

  it('lib/validation imports only itself, lib/utils and npm packages', () => {
    const outside = LIB.filter((f) => f.startsWith('lib/validation/')).flatMap((f) => {
      const info = graph.get(f);
      return [
        ...info.imports.filter((d) => !/^lib\/(validation|utils)\//.test(d.file)).map((d) => `${f} > ${d.file}`),
        ...info.packages.filter((p) => p.name.startsWith('node:')).map((p) => `${f} > ${p.name}`),
      ];
    });
    expect(outside).toEqual([]);
  });
});

describe('the import graph reader', () => {
  it('sees value, type-only and dynamic imports and the markers', () => {
    const options = graph.get('lib/auth/options.ts');
    expect(options.serverOnly).toBe(true);
    expect(options.packages).toEqual(
      expect.arrayContaining([
        { name: 'next/headers', typeOnly: false },
        { name: 'next-auth', typeOnly: true },
      ]),
    );
    expect(options.imports).toEqual(expect.arrayContaining([{ file: 'lib/auth/verify-credentials.ts', typeOnly: false }]));
    const provider = graph.get('components/realtime/realtime-provider.tsx');
    expect(provider.useClient).toBe(true);
    expect(provider.imports).toEqual(
      expect.arrayContaining([
        { file: 'lib/realtime/events.ts', typeOnly: true },
        { file: 'lib/realtime/change-feed.ts', typeOnly: false },
        { file: 'components/signing-out.ts', typeOnly: false },
      ]),
    );
  });

  it('finds a cycle and leaves a chain alone', () => {
    const g = (pairs: [string, string][]) => {
      const m = new Map<string, Set<string>>();
      for (const [a, b] of pairs) m.set(a, new Set([...(m.get(a) ?? []), b]));
      return m;
    };
    expect(
      cycles(
        g([
          ['a', 'b'],
          ['b', 'c'],
          ['c', 'a'],
          ['c', 'd'],
        ]),
      ),
    ).toEqual([['a', 'b', 'c']]);
    expect(
      cycles(
        g([
          ['a', 'b'],
          ['b', 'c'],
          ['a', 'c'],
        ]),
      ),
    ).toEqual([]);
  });
});

// zod is about 390 KB of minified script. It reached the chunk every desk page
// loads through constants (statuses, roles, length limits, labels) that client
// components took from the schema modules, and the browser parsed and compiled
// it before the first paint (issue 16: LCP). The constants live in
// lib/validation/vocabulary.ts, which has no zod; the schemas stay for the
// server, and for the browser only on the pages where people type into forms
// that check themselves (adding articles, people, invitations, passwords).
describe('what the browser loads for the desk pages people read', () => {
  const READING_PAGES = [
    'app/(desk)/layout.tsx',
    'app/(desk)/page.tsx',
    'app/(desk)/claims/[id]/page.tsx',
    'app/(desk)/stories/page.tsx',
    'app/(desk)/stories/[id]/page.tsx',
    'app/(desk)/stories/[id]/figures/page.tsx',
    'app/(desk)/audit/page.tsx',
  ];

  /** The 'use client' files a server page or layout renders, through any chain of server modules. */
  function clientBoundaries(start: string): string[] {
    const found: string[] = [];
    const seen = new Set([start]);
    const queue = [start];
    for (let file = queue.shift(); file; file = queue.shift()) {
      for (const dep of graph.get(file).imports) {
        if (dep.typeOnly || seen.has(dep.file)) continue;
        seen.add(dep.file);
        if (graph.get(dep.file).useClient) found.push(dep.file);
        else queue.push(dep.file);
      }
    }
    return found;
  }

  /** Import chains (type-only imports aside: they are erased) from `start` to the zod package. */
  function zodChains(start: string): string[] {
    const found: string[] = [];
    const seen = new Set([start]);
    const queue: string[][] = [[start]];
    for (let chain = queue.shift(); chain; chain = queue.shift()) {
      const info = graph.get(chain.at(-1)!);
      for (const p of info.packages) if (!p.typeOnly && (p.name === 'zod' || p.name.startsWith('zod/'))) found.push([...chain, p.name].join(' > '));
      for (const dep of info.imports) {
        if (dep.typeOnly || seen.has(dep.file)) continue;
        seen.add(dep.file);
        queue.push([...chain, dep.file]);
      }
    }
    return found;
  }

  it('finds the client components of those pages', () => {
    const clients = READING_PAGES.flatMap(clientBoundaries);
    expect(clients).toContain('components/realtime/realtime-provider.tsx');
    expect(clients).toContain('components/verdict-panel.tsx');
    expect(clients).toContain('components/figures/figures-board.tsx');
  });

  it('sends them no zod', () => {
    const chains = [...new Set(READING_PAGES.flatMap(clientBoundaries))].flatMap(zodChains);
    expect(chains).toEqual([]);
  });

  it('would see zod if a client component took a schema', () => {
    expect(zodChains('components/add-articles/url-form.tsx').length).toBeGreaterThan(0);
  });
});
