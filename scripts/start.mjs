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
  // A process group of its own: a Ctrl-C in the terminal reaches only this
  // process, and the desk (passed the signal below) stops the app, signs the
  // audit checkpoint and only then stops its PostgreSQL, which would otherwise
  // get the same Ctrl-C at the same moment.
  { cwd: root, stdio: 'inherit', detached: true, env: { ...process.env, NODE_ENV: dev ? 'development' : 'production' } },
);
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
