// `npm test`: lint and type check, one build, then the unit and integration tests (vitest, real
// PostgreSQL: the embedded server, or DATABASE_URL's) and the end-to-end tests (Playwright in
// Chromium, one desk per worker on embedded PostgreSQL), then each phase's time and one summary line.
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

/** Wall time of each phase, in seconds, printed before the closing line. */
const phases = /** @type {[string, number][]} */ ([]);

/**
 * @template T
 * @param {string} name
 * @param {() => T} fn
 * @returns {T}
 */
function timed(name, fn) {
  const started = Date.now();
  try {
    return fn();
  } finally {
    phases.push([name, (Date.now() - started) / 1000]);
  }
}

function printPhases() {
  const width = Math.max(...phases.map(([name]) => name.length));
  console.log('\nPhase times (wall clock):');
  for (const [name, seconds] of phases) console.log(`  ${name.padEnd(width)}  ${seconds.toFixed(0).padStart(5)} s`);
  console.log(
    `  ${'total'.padEnd(width)}  ${phases
      .reduce((sum, [, s]) => sum + s, 0)
      .toFixed(0)
      .padStart(5)} s`,
  );
}

// .ci/run times its own `npm ci` and passes it on, so one table has every phase.
if (process.env.FACTDESK_INSTALL_SECONDS) {
  ensureInstalled();
  phases.push(['install', Number(process.env.FACTDESK_INSTALL_SECONDS)]);
} else timed('install', () => ensureInstalled());

/** @param {string} script @param {string} failure */
function mustPass(script, failure) {
  const r = spawnSync('npm', ['run', '--silent', script], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    printPhases();
    console.error(`\n${failure} Tests were not run.`);
    process.exit(1);
  }
}

// Lint and type check first: a finding fails the run before minutes of tests.
timed('lint', () => mustPass('lint', 'Lint failed (npm run lint): fix the findings above.'));
timed('typecheck', () => mustPass('typecheck', 'Type check failed (npm run typecheck): fix the errors above.'));
// Built once, here; the integration tests' setup refuses a stale build rather than build again.
timed('build', () => ensureBuilt({ typecheck: false }));

const out = mkdtempSync(path.join(tmpdir(), 'factdesk-test-'));
const wasm = '--experimental-wasm-modules --disable-warning=ExperimentalWarning';
const env = { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} ${wasm}`.trim() };

/** @param {string} project */
function vitestRun(project) {
  const json = path.join(out, `vitest-${project}.json`);
  const run = spawnSync('npx', ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${json}`], {
    cwd: root,
    stdio: 'inherit',
    env,
  });
  return { run, json };
}

// The soak project (npm run test:soak) runs for minutes: not part of `npm test`.
const unit = timed('unit', () => vitestRun('unit'));
// Against DATABASE_URL when set (CI: the machine's PostgreSQL), else an embedded server.
const integration = timed('integration', () => vitestRun('integration'));

const pwJson = path.join(out, 'playwright.json');
// Each worker's desk runs on its own embedded PostgreSQL whatever DATABASE_URL says, as on a laptop.
const e2eEnv = { ...env, DATABASE_URL: undefined };
const playwright = timed('e2e', () =>
  spawnSync('npx', ['playwright', 'test', '--reporter=list,json'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...e2eEnv, PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson },
  }),
);

function counts() {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  let flaky = 0;
  for (const { json } of [unit, integration]) {
    if (existsSync(json)) {
      const v = JSON.parse(readFileSync(json, 'utf8'));
      passed += v.numPassedTests;
      // A failing test also fails its file and its describe blocks: count the tests, and a file only
      // when it failed without a failing test (an import error, a hook that threw).
      failed += v.numFailedTests || (v.numFailedTestSuites ?? 0);
      skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0);
    } else failed += 1;
  }
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
  ['vitest unit', unit.run],
  ['vitest integration', integration.run],
  ['playwright', playwright],
];
const runnerErrors = runs.filter(([, run]) => run.status !== 0).map(([name]) => name);
const failed = counted.failed || runnerErrors.length;
const ok = runnerErrors.length === 0 && failed === 0 && passed > 0;
printPhases();
console.log(`\nFactdesk tests (${runs.map(([name, run]) => `${name} ${run.status === 0 ? 'ok' : 'FAILED'}`).join(', ')})`);
console.log(
  `${passed} passed${flaky ? ` (${flaky} of them only on a retry: see "flaky" above)` : ''}, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}${counted.failed === 0 && runnerErrors.length ? ` (${runnerErrors.join(' and ')} stopped before reporting a failing test: see above)` : ''}`,
);
process.exit(ok ? 0 : 1);
