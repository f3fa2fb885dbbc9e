// `node --import tsx --import ./scripts/register-server-only.mjs …`: every
// process that runs lib/ outside Next.js (the custom server, the CLI scripts,
// the seeder, the benchmarks) starts this way.
//
// Server-only modules begin with `import 'server-only'`. That package throws
// unless it is resolved under the "react-server" export condition: Next.js
// builds server code that way, and fails the build when a client component
// reaches such a module. These processes are server code too, so this resolves
// that one package the same way (to its empty module). `--conditions=react-server`
// would do it for every package and switch React itself to its server build.
// Vitest does the same with an alias (vitest.config.ts); Playwright's own
// process has neither, so e2e/ imports only client-safe modules
// (tests/unit/import-boundaries.test.ts checks both).
import { register } from 'node:module';

register('./server-only-resolve.mjs', import.meta.url);
