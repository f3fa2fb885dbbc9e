import { defineConfig } from '@playwright/test';
import { TS_NODE_ARGS } from './tests/support/app-server';

const PORT = Number(process.env.E2E_PORT ?? 3199);
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The environment of the e2e server; e2e/support/fixtures.ts imports claims into its database with the same one. */
export const e2eServerEnv = {
  NODE_ENV: 'production' as const,
  PORT: String(PORT),
  DATA_DIR: '.data/e2e',
  EMBEDDED_PG_PORT: process.env.E2E_PG_PORT ?? '54359',
  // No NEXTAUTH_URL, as `npm start` runs by default: the desk answers at
  // localhost and 127.0.0.1 alike (e2e/network.spec.ts opens the latter).
  LOG_LEVEL: 'warn',
};

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 1,
  // On CI (2 shared cores, 120 browser tests) a test that fails once gets one
  // more try, and the closing line of `npm test` counts it as flaky, so a
  // timing fault stays visible without turning a green suite red. Locally
  // every failure fails.
  retries: process.env.CI ? 1 : 0,
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } } }],
  // A fresh embedded database per run, the production build, the real server.
  webServer: {
    command: `rm -rf ${e2eServerEnv.DATA_DIR} && node ${TS_NODE_ARGS.join(' ')} server/index.ts`,
    url: `http://localhost:${PORT}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: e2eServerEnv,
  },
});
