// `npm run lint` keeps process.env inside lib/env.ts: every way of reaching the
// environment is flagged, and the exceptions in .oxlintrc.json stay outside the app.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CONFIG = path.join(ROOT, '.oxlintrc.json');
const dir = mkdtempSync(path.join(tmpdir(), 'factdesk-lint-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Diagnostic = { code: string; labels: { span: { line: number } }[] };

function lint(source: string): number[] {
  const file = path.join(dir, `probe-${Math.random().toString(36).slice(2)}.ts`);
  writeFileSync(file, source);
  const run = spawnSync(path.join(ROOT, 'node_modules/.bin/oxlint'), ['-c', CONFIG, '--format', 'json', file], { encoding: 'utf8' });
  const { diagnostics } = JSON.parse(run.stdout) as { diagnostics: Diagnostic[] };
  return diagnostics.map((d) => d.labels[0]!.span.line).sort((a, b) => a - b);
}

describe('the process.env lint rule', () => {
  it('flags each way app code could read or write the environment', () => {
    const lines = [
      "import { env } from 'node:process';",
      "import * as proc from 'process';",
      'export const a = process.env.PORT;',
      "export const b = process.env['PORT'];",
      'const { env: all } = process;',
      'export const c = globalThis.process.env;',
      "process.env.TRUST_PROXY = '1';",
      'export { all, env, proc };',
    ];
    expect(lint(lines.join('\n'))).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('leaves config() and other process members alone', () => {
    expect(lint("import { config } from './lib/env';\nexport const p = config().PORT;\nexport const cwd = process.cwd();\nprocess.exit(0);\n")).toEqual([]);
  });

  it('exempts only lib/env.ts among the app folders', () => {
    const text = readFileSync(CONFIG, 'utf8').replace(/^\s*\/\/.*$/gm, '');
    const overrides = (JSON.parse(text) as { overrides: { files: string[] }[] }).overrides.flatMap((o) => o.files);
    const app = overrides.filter((f) => /^(app|components|lib|server|seeds|scripts\/[^*]*\.ts|proxy\.ts)/.test(f));
    expect(app).toEqual(['lib/env.ts']);
  });
});
