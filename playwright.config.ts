import { defineConfig } from '@playwright/test';

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
  use: { trace: 'retain-on-failure', actionTimeout: 10_000 },
});
