import { defineConfig } from '@playwright/test';

/**
 * One spec set, two browsers: each project runs every spec through its driver (e2e/driver/), except the specs
 * named for the other browser, which need what only that browser can do.
 */
export default defineConfig({
  testDir: 'e2e/specs',
  // One devnet and two cores: tests run one at a time, each in a fresh browser profile.
  workers: 1,
  fullyParallel: false,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  globalSetup: './e2e/fixtures/globalSetup.ts',
  reporter: [['list']],
  // On CI, a trace only of a failed test's retry: recording every test cost Chromium's tests ~15% of their CPU.
  use: { trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure', actionTimeout: 10_000 },
  projects: [
    { name: 'chromium', use: { browserName: 'chromium' }, testIgnore: '**/*.firefox.spec.ts' },
    // A Firefox launch and its BiDi round trips take longer than Chromium's.
    // Tests tagged ONE_BROWSER (fixtures/test.ts) run in Chromium only.
    { name: 'firefox', use: { browserName: 'firefox' }, testIgnore: '**/*.chromium.spec.ts', grepInvert: /@oneBrowser/, timeout: 90_000 },
  ],
});
