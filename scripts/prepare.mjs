// Shared by start.mjs and test.mjs: install dependencies and generate the
// Prisma client when missing, and rebuild the web app when sources changed.
// Plain Node on purpose: it runs before node_modules exists.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

/**
 * @param {string} cmd
 * @param {string[]} args
 * @param {Record<string, string>} [extraEnv]
 */
export function run(cmd, args, extraEnv = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...extraEnv } });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

export function ensureInstalled() {
  process.env.NEXT_TELEMETRY_DISABLED = '1';
  if (!existsSync(path.join(root, 'node_modules/.package-lock.json'))) {
    console.log('[factdesk] Installing dependencies (first run)…');
    run('npm', ['ci', '--no-audit', '--no-fund']);
  }
  if (!existsSync(path.join(root, 'lib/generated/prisma/client.ts'))) run('npm', ['run', '--silent', 'db:generate']);
}

/** @param {string} p @returns {number} */
function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(0, ...readdirSync(p).map((f) => newestMtime(path.join(p, f))));
}

/** True when there is no production build, or a source changed after it. */
export function buildIsStale() {
  const buildId = path.join(root, '.next/BUILD_ID');
  const sources = ['app', 'components', 'lib', 'proxy.ts', 'next.config.js', 'package-lock.json', 'postcss.config.mjs', 'tsconfig.json'].map((p) =>
    newestMtime(path.join(root, p)),
  );
  return !existsSync(buildId) || Math.max(...sources) > statSync(buildId).mtimeMs;
}

/**
 * Builds the web app when it is missing or stale. `npm test` has type-checked
 * already, so it passes `{ typecheck: false }` and the build skips its own `tsc`.
 * @param {{ typecheck?: boolean }} [options]
 */
export function ensureBuilt({ typecheck = true } = {}) {
  if (!buildIsStale()) return false;
  console.log('[factdesk] Building the web app…');
  // Type check (TypeScript 7) and build: see `build` in package.json.
  if (typecheck) run('npm', ['run', '--silent', 'build'], { NODE_ENV: 'production' });
  else {
    run('npx', ['next', 'typegen'], { NODE_ENV: 'production' });
    run('npx', ['next', 'build'], { NODE_ENV: 'production' });
  }
  return true;
}
