import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

const tests = ['src', 'scripts', 'devnet', 'paymaster'].flatMap((root) =>
  readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((file) => /\.test\.tsx?$/.test(file)).map((file) => join(root, file)));
/** A file that replaces modules, globals or timers, or spies on them, which would reach the files run after it. */
const replacesShared = (file: string) => /\bvi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers|spyOn)\b/.test(readFileSync(file, 'utf8'));

export default defineConfig({
  // The devnet build's first network (scripts/build.ts sets it per target).
  define: { __DEVNET_BUILD__: 'true' },
  // Threads, not forks: 379 files each start in a worker, and a thread starts faster. Most files share their worker's
  // modules (isolate: false): importing them again for each file was most of the suite's time (418 s against 309 on
  // two quiet cores, the tests themselves 152). The files that replace something shared each get their own.
  test: {
    pool: 'threads',
    environment: 'node',
    setupFiles: ['scripts/testI18n.ts'],
    projects: [
      { extends: true, test: { name: 'isolated', include: tests.filter(replacesShared) } },
      { extends: true, test: { name: 'shared', include: tests.filter((file) => !replacesShared(file)), isolate: false } },
    ],
  },
});
