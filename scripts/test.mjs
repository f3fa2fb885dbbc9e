// `npm test`: lint and type check, then unit and integration tests (vitest, real PostgreSQL) and the
// end-to-end tests (Playwright in Chromium), then one summary line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureBuilt, ensureInstalled, root } from './prepare.mjs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `Chromium was not found at ${chromium}; the end-to-end tests need it.\n` +
      'Install it with:  sudo apt-get install -y chromium\n' +
      '(or point CHROMIUM_PATH at a Chromium/Chrome binary). Tests were not run.',
  );
  process.exit(1);
}

ensureInstalled();

// Lint and type check first: a finding fails the run before minutes of tests.
const lint = spawnSync('npm', ['run', '--silent', 'lint'], { cwd: root, stdio: 'inherit' });
if (lint.status !== 0) {
  console.error('\nLint failed (npm run lint): fix the findings above. Tests were not run.');
  process.exit(1);
}
const typecheck = spawnSync('npm', ['run', '--silent', 'typecheck'], { cwd: root, stdio: 'inherit' });
if (typecheck.status !== 0) {
  console.error('\nType check failed (npm run typecheck): fix the errors above. Tests were not run.');
  process.exit(1);
}

ensureBuilt();

const out = mkdtempSync(path.join(tmpdir(), 'factdesk-test-'));
const wasm = '--experimental-wasm-modules --disable-warning=ExperimentalWarning';
const env = { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} ${wasm}`.trim() };

const vitestJson = path.join(out, 'vitest.json');
// The soak project (npm run test:soak) runs for minutes: not part of `npm test`.
const vitest = spawnSync(
  'npx',
  ['vitest', 'run', '--project', 'unit', '--project', 'integration', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`],
  { cwd: root, stdio: 'inherit', env },
);

const pwJson = path.join(out, 'playwright.json');
const playwright = spawnSync('npx', ['playwright', 'test', '--reporter=list,json'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson },
});

function counts() {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  let flaky = 0;
  if (existsSync(vitestJson)) {
    const v = JSON.parse(readFileSync(vitestJson, 'utf8'));
    passed += v.numPassedTests;
    // A failing test also fails its file and its describe blocks: count the tests, and a file only
    // when it failed without a failing test (an import error, a hook that threw).
    failed += v.numFailedTests || (v.numFailedTestSuites ?? 0);
    skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0);
  } else failed += 1;
  if (existsSync(pwJson)) {
    const s = JSON.parse(readFileSync(pwJson, 'utf8')).stats;
    passed += s.expected + s.flaky;
    flaky += s.flaky;
    failed += s.unexpected;
    skipped += s.skipped;
  } else failed += 1;
  return { passed, failed, skipped, flaky };
}

const counted = counts();
const { passed, skipped, flaky } = counted;
// A runner that failed without a failing test (its server did not start, a
// setup file threw) still fails the run, and the closing line says so.
/** @type {[string, import('node:child_process').SpawnSyncReturns<Buffer>][]} */
const runs = [
  ['vitest', vitest],
  ['playwright', playwright],
];
const runnerErrors = runs.filter(([, run]) => run.status !== 0).map(([name]) => name);
const failed = counted.failed || runnerErrors.length;
const ok = runnerErrors.length === 0 && failed === 0 && passed > 0;
console.log(`\nFactdesk tests (vitest ${vitest.status === 0 ? 'ok' : 'FAILED'}, playwright ${playwright.status === 0 ? 'ok' : 'FAILED'})`);
console.log(
  `${passed} passed${flaky ? ` (${flaky} of them only on a retry: see "flaky" above)` : ''}, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}${counted.failed === 0 && runnerErrors.length ? ` (${runnerErrors.join(' and ')} stopped before reporting a failing test: see above)` : ''}`,
);
process.exit(ok ? 0 : 1);
