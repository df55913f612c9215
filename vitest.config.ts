import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The devnet build's first network (scripts/build.ts sets it per target).
  define: { __DEVNET_BUILD__: 'true' },
  test: { include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts', 'devnet/**/*.test.ts', 'paymaster/**/*.test.ts'], environment: 'node', setupFiles: ['scripts/testI18n.ts'] },
});
