// Writes a benchmark's latest figures into docs/BENCHMARKS.md, between the
// markers <!-- bench:NAME:start --> and <!-- bench:NAME:end -->; the rest of
// the document (explanations, interpretation) is left as written.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './bench-database';

export const DOC_PATH = path.join(ROOT, 'docs/BENCHMARKS.md');

export function writeResults(name: string, markdown: string) {
  const start = `<!-- bench:${name}:start -->`;
  const end = `<!-- bench:${name}:end -->`;
  const block = `${start}\n${markdown.trim()}\n${end}`;
  mkdirSync(path.dirname(DOC_PATH), { recursive: true });
  const doc = existsSync(DOC_PATH) ? readFileSync(DOC_PATH, 'utf8') : '# Benchmarks\n';
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  const next = from >= 0 && to > from ? doc.slice(0, from) + block + doc.slice(to + end.length) : `${doc.trimEnd()}\n\n## ${name} (latest run)\n\n${block}\n`;
  writeFileSync(DOC_PATH, next);
}
