import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/e2e/support/browser';

// The multi-instance deployment test (scripts/deploy-e2e.sh): its global setup starts the whole
// topology of compose.yaml without containers (tests/deploy/support/topology.ts) and the specs reach it
// through the proxy; nothing of the main e2e suite's server is used.

export default defineConfig({
  testDir: 'tests/deploy',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/deploy/support/global-setup.ts',
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  outputDir: process.env.E2E_OUTPUT_DIR ? `${process.env.E2E_OUTPUT_DIR}/deploy` : 'test-results/deploy',
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunchOptions() } }],
});
