import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/e2e/support/browser';

// The e2e suite drives the production build served by the real API server, as a user gets it
// from `npm start`, but on its own port and a throwaway data folder (see scripts/e2e.sh).
const port = Number(process.env.E2E_PORT ?? 4310);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  // One worker on CI: its machine has 2 cores, and two workers' browsers plus the server starve each other until
  // screens miss the 7-s expectations (seen: load 15, every-route walks timing out).
  workers: Number(process.env.E2E_WORKERS ?? (process.env.CI ? 1 : 2)),
  retries: process.env.CI ? 1 : 0,
  // Several specs walk every route in one test; on a loaded 2-core machine that can pass 30 s.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  // Separate folders let several runs share a machine without wiping each other's artifacts.
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  use: {
    baseURL,
    // Recorded on the retry only: tracing every test cost CPU on every test of a 2-core CI machine.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions(),
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunchOptions() } }],
  webServer: {
    command: 'node --import tsx server/main.ts',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR ?? 'test-results/e2e-data',
      E2E_TEST_HOOKS: '1',
      // social-sign-in.spec.ts signs in at an OpenID provider on 127.0.0.1.
      OIDC_ALLOW_PRIVATE_NETWORK: '1',
      // The suite signs in as the demo admin; its throwaway database is migrated and seeded by the server.
      MIGRATE_ON_BOOT: '1',
      SEED_DEMO: '1',
      PORTAL_URL: baseURL,
      LOG_LEVEL: 'warn',
    },
  },
});
