// The project's import graph, read from the files on disk: which source file
// imports which (relative and `@/` imports, resolved as the bundler and tsx do)
// and which npm packages. The boundary tests (tests/unit/import-boundaries.test.ts)
// check the client/server split and the folder layering over it.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

const SKIP = new Set(['node_modules', 'generated', '.next', '.data', 'test-results', 'playwright-report']);
const SOURCE = /\.(tsx?|mts|mjs)$/;

/** Every TypeScript/ESM source file under `dir`, as a project-relative path with `/`. */
export function sourceFiles(dir: string): string[] {
  if (!existsSync(path.join(ROOT, dir))) return [];
  return readdirSync(path.join(ROOT, dir)).flatMap((name) => {
    const rel = path.posix.join(dir, name);
    if (SKIP.has(name)) return [];
    if (statSync(path.join(ROOT, rel)).isDirectory()) return sourceFiles(rel);
    return SOURCE.test(name) && !name.endsWith('.d.ts') ? [rel] : [];
  });
}

/** The text with comments blanked out (strings and template literals are kept). */
function withoutComments(text: string): string {
  let out = '';
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    const next = text[i + 1];
    if (quote) {
      out += c;
      if (c === '\\') out += text[++i] ?? '';
      else if (c === quote) quote = null;
    } else if (c === '/' && next === '/') {
      while (i < text.length && text[i] !== '\n') i++;
      out += '\n';
    } else if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end === -1 ? text.length : end + 2;
      out += text.slice(i, stop).replace(/[^\n]/g, ' ');
      i = stop - 1;
    } else {
      if (c === '"' || c === "'" || c === '`') quote = c;
      out += c;
    }
  }
  return out;
}

export type ImportRef = {
  specifier: string;
  /** Erased by the compiler (`import type`, `export type … from`, or only `type` specifiers). */
  typeOnly: boolean;
};

// Statements start a line in this codebase: `import …`, `export … from`.
const STATIC = /^\s*(import|export)\s+([^;'"]*?)\s*(from\s*)?['"]([^'"]+)['"]/gm;
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

function isTypeOnly(keyword: string, clause: string): boolean {
  if (/^type\s/.test(clause)) return true;
  const braces = /^\{([^}]*)\}$/.exec(clause.trim());
  if (!braces) return false;
  const names = braces[1]!
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  return names.length > 0 && names.every((n) => n.startsWith('type '));
}

export function importsOf(file: string): ImportRef[] {
  const text = withoutComments(readFileSync(path.join(ROOT, file), 'utf8'));
  const refs: ImportRef[] = [];
  for (const m of text.matchAll(STATIC)) {
    const [, keyword, clause, from, specifier] = m;
    // Only `import 'x'` goes without `from` (`export const x = 'a'` is no import).
    if (!from && (keyword === 'export' || clause !== '')) continue;
    refs.push({ specifier: specifier!, typeOnly: isTypeOnly(keyword!, clause!) });
  }
  for (const m of text.matchAll(DYNAMIC)) refs.push({ specifier: m[1]!, typeOnly: false });
  return refs;
}

const EXTENSIONS = ['.ts', '.tsx', '.mts', '.mjs', '.js', '/index.ts', '/index.tsx'];

/** The project file an import names, or null for an npm package or a Node built-in. */
export function resolveImport(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('@/')) base = specifier.slice(2);
  else if (specifier.startsWith('.')) base = path.posix.join(path.posix.dirname(from), specifier);
  else return null;
  if (existsSync(path.join(ROOT, base)) && statSync(path.join(ROOT, base)).isFile()) return base;
  for (const ext of EXTENSIONS) if (existsSync(path.join(ROOT, base + ext))) return base + ext;
  throw new Error(`${from}: cannot resolve '${specifier}'`);
}

export type ModuleInfo = {
  file: string;
  useClient: boolean;
  serverOnly: boolean;
  /** Project files this one imports, with whether every import of it is type-only. */
  imports: { file: string; typeOnly: boolean }[];
  /** npm packages and Node built-ins, as written (`node:crypto`, `zod`, `next/headers`). */
  packages: { name: string; typeOnly: boolean }[];
};

export function moduleInfo(file: string): ModuleInfo {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  const refs = importsOf(file);
  const local = new Map<string, boolean>();
  const packages: ModuleInfo['packages'] = [];
  for (const ref of refs) {
    const target = resolveImport(file, ref.specifier);
    if (target === null) packages.push({ name: ref.specifier, typeOnly: ref.typeOnly });
    else local.set(target, (local.get(target) ?? true) && ref.typeOnly);
  }
  return {
    file,
    // The directive must be the first statement (comments may come before it).
    useClient: /^\s*['"]use client['"]/.test(withoutComments(text)),
    serverOnly: refs.some((r) => r.specifier === 'server-only' && !r.typeOnly),
    imports: [...local].map(([f, typeOnly]) => ({ file: f, typeOnly })),
    packages,
  };
}

export class ImportGraph {
  private readonly modules = new Map<string, ModuleInfo>();

  get(file: string): ModuleInfo {
    let info = this.modules.get(file);
    if (!info) {
      info = moduleInfo(file);
      this.modules.set(file, info);
    }
    return info;
  }

  /**
   * Every project file `file` loads at run time, itself included, each with
   * the chain of imports that reaches it (type-only imports are erased and
   * not followed).
   */
  runtimeClosure(file: string): Map<string, string[]> {
    const chains = new Map<string, string[]>([[file, [file]]]);
    const queue = [file];
    for (let current = queue.shift(); current !== undefined; current = queue.shift()) {
      for (const dep of this.get(current).imports) {
        if (dep.typeOnly || chains.has(dep.file)) continue;
        chains.set(dep.file, [...chains.get(current)!, dep.file]);
        queue.push(dep.file);
      }
    }
    return chains;
  }
}

/** Strongly connected components with more than one member (Tarjan), each sorted. */
export function cycles(edges: Map<string, Set<string>>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    indices.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!indices.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indices.get(w)!));
    }
    if (low.get(v) === indices.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of [...edges.keys()].sort()) if (!indices.has(v)) visit(v);
  return found.sort((a, b) => a[0]!.localeCompare(b[0]!));
}
