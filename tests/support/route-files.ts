// The API as it exists on disk: every app/api/**/route.ts and the HTTP methods it
// exports, read from the source so a new route or method shows up in the tests
// that walk the API (tests/integration/fuzz-api.test.ts) without anyone listing it.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

export const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

function walk(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? walk(path.join(dir, d.name)) : [path.join(dir, d.name)]));
}

/** The HTTP methods a route file exports, read from its source. */
export function exportedMethods(source: string): string[] {
  const found = new Set<string>();
  for (const m of source.matchAll(/export\s+(?:const|let|(?:async\s+)?function)\s+([A-Z]+)\b/g)) found.add(m[1]!);
  for (const m of source.matchAll(/export\s*\{([^}]*)\}/g)) {
    for (const name of m[1]!.split(','))
      found.add(
        name
          .trim()
          .split(/\s+as\s+/)
          .pop()!
          .trim(),
      );
  }
  return [...found].filter((n) => (HTTP_METHODS as readonly string[]).includes(n)).sort();
}

/** One segment of a route's URL: literal text, a `[param]` or a `[...catchAll]`. */
export type Segment = { kind: 'literal'; text: string } | { kind: 'param'; name: string } | { kind: 'catchAll'; name: string };

export type RouteFile = { file: string; segments: Segment[]; methods: string[] };

function segmentOf(part: string): Segment {
  const catchAll = /^\[\[?\.\.\.(\w+)\]\]?$/.exec(part);
  if (catchAll) return { kind: 'catchAll', name: catchAll[1]! };
  const param = /^\[(\w+)\]$/.exec(part);
  if (param) return { kind: 'param', name: param[1]! };
  return { kind: 'literal', text: part };
}

/** Every route file under app/api with its URL segments and exported methods, sorted by file. */
export function apiRouteFiles(): RouteFile[] {
  return walk('app/api')
    .filter((file) => path.basename(file) === 'route.ts')
    .map((file) => {
      const parts = path.dirname(file).split(path.sep).slice(1); // drop "app"; keeps "api"
      return {
        file: file.split(path.sep).join('/'),
        segments: parts.filter((p) => !/^\(.*\)$/.test(p)).map(segmentOf), // (group) folders are not in the URL
        methods: exportedMethods(readFileSync(path.join(ROOT, file), 'utf8')),
      };
    })
    .sort((a, b) => a.file.localeCompare(b.file));
}
