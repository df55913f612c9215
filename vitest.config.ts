import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'devnet/**/*.test.ts', 'paymaster/**/*.test.ts'], environment: 'node' },
});
