import { defineConfig } from '@playwright/test';
import { TS_NODE_ARGS } from './tests/support/app-server';

const PORT = Number(process.env.E2E_PORT ?? 3199);
const PG_PORT = Number(process.env.E2E_PG_PORT ?? 24359);
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Each Playwright worker has a desk of its own (port, embedded database, data
 * folder), so tests that sign everyone out or change accounts in one worker
 * never reach the other. Two workers use the machine's two cores.
 */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 2);

/** The environment of worker `index`'s e2e server; e2e/support/fixtures.ts imports claims into its database with the same one. */
export function e2eServerEnv(index: number) {
  return {
    NODE_ENV: 'production' as const,
    PORT: String(PORT + index),
    DATA_DIR: `.data/e2e-${index}`,
    // Below Linux's ephemeral range (32768-60999), so no outgoing connection holds it.
    EMBEDDED_PG_PORT: String(PG_PORT + index),
    // No NEXTAUTH_URL, as `npm start` runs by default: the desk answers at
    // localhost and 127.0.0.1 alike (e2e/network.spec.ts opens the latter).
    LOG_LEVEL: 'warn',
  };
}

/** Worker `index`'s desk port. */
export const e2ePort = (index: number) => PORT + index;

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: E2E_WORKERS,
  // On CI (2 shared cores, 120 browser tests) a test that fails once gets one
  // more try, and the closing line of `npm test` counts it as flaky, so a
  // timing fault stays visible without turning a green suite red. Locally
  // every failure fails.
  retries: process.env.CI ? 1 : 0,
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    // Worker 0's desk; e2e/support/fixtures.ts points each worker at its own.
    baseURL: `http://localhost:${e2ePort(0)}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } } }],
  // A fresh embedded database per worker and run, the production build, the real server.
  webServer: Array.from({ length: E2E_WORKERS }, (_, index) => ({
    command: `rm -rf ${e2eServerEnv(index).DATA_DIR} && node ${TS_NODE_ARGS.join(' ')} server/index.ts`,
    url: `http://localhost:${e2ePort(index)}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe' as const,
    // The desks run on their embedded databases, as `npm start` does on a laptop,
    // even when the integration tests were pointed at an external server.
    env: { ...e2eServerEnv(index), DATABASE_URL: '' },
  })),
});
