import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts', 'devnet/**/*.test.ts', 'paymaster/**/*.test.ts'], environment: 'node' },
});
