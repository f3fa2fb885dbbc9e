// `npm start` / `npm run dev`: prepares the checkout, then runs server/index.ts
// (which starts or connects to PostgreSQL, migrates, seeds and serves).
import { spawn } from 'node:child_process';
import { ensureBuilt, ensureInstalled, root } from './prepare.mjs';

const dev = process.argv.includes('--dev');
ensureInstalled();
if (!dev) ensureBuilt();

const child = spawn(
  process.execPath,
  [
    '--experimental-wasm-modules',
    '--disable-warning=ExperimentalWarning',
    '--import',
    'tsx',
    '--import',
    './scripts/register-server-only.mjs',
    'server/index.ts',
  ],
  { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: dev ? 'development' : 'production' } },
);
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
