// The entry of each worker thread of lib/workers/untrusted-pool.ts. A worker
// does not inherit the parent's `--import tsx` hooks on Node 20 (checked on
// 20.20: importing a .ts file fails), so it registers tsx itself, resolves
// `server-only` as the server does (register-server-only.mjs), then loads the
// TypeScript task runner.
import { register } from 'node:module';
import { register as registerTsx } from 'tsx/esm/api';

registerTsx();
register('./server-only-resolve.mjs', import.meta.url);
const { default: runTask } = await import(new URL('./untrusted-worker-task.ts', import.meta.url).href);

export default runTask;
