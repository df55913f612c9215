import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The devnet build's first network (scripts/build.ts sets it per target).
  define: { __DEVNET_BUILD__: 'true' },
  // Threads, not forks: 373 files each start a worker, and a thread starts faster (the whole suite 370 s against 460
  // on two quiet cores; three workers timed a 5-s test out).
  test: { pool: 'threads', include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts', 'devnet/**/*.test.ts', 'paymaster/**/*.test.ts'], environment: 'node', setupFiles: ['scripts/testI18n.ts'] },
});
