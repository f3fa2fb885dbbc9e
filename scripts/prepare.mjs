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

export function ensureBuilt() {
  const buildId = path.join(root, '.next/BUILD_ID');
  const sources = ['app', 'components', 'lib', 'proxy.ts', 'next.config.js', 'package-lock.json', 'postcss.config.mjs', 'tsconfig.json'].map((p) =>
    newestMtime(path.join(root, p)),
  );
  if (!existsSync(buildId) || Math.max(...sources) > statSync(buildId).mtimeMs) {
    console.log('[factdesk] Building the web app…');
    // Type check (TypeScript 7) and build: see `build` in package.json.
    run('npm', ['run', '--silent', 'build'], { NODE_ENV: 'production' });
  }
}
