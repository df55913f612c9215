/** The Firefox end-to-end suite: `npm run test:e2e:firefox` (needs `npm run build` first). */
import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: resolve(import.meta.dirname, '../..'),
  test: {
    include: ['e2e/firefox/**/*.test.ts'],
    globalSetup: ['e2e/firefox/globalSetup.ts'],
    // One devnet and two cores: files run one at a time, each test in a fresh Firefox profile.
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 60_000,
    retry: process.env.CI ? 1 : 0,
    reporters: ['verbose'],
  },
});
