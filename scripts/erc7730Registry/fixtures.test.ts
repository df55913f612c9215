/**
 * The ratchet: the ERC-7730 fixtures the project carries, run through the engine (fixtureRunner.ts). Each set's
 * counts of cases that bind, that show their intent, and that show every field right must not drop below the figures
 * written here; raise them when the engine gets better. A new set is one line.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runFixtures } from './fixtureRunner';

const root = resolve(import.meta.dirname, '../..');

/**
 * Folders holding `testsv2/*.tests.json` (searched below), and the figures reached. The registry's own, once vendored
 * with its fixtures, is one more line: `{ name: 'the ERC-7730 registry', dir: 'vendor/erc7730-registry', cases: 509,
 * bound: 507, intent: 505, fields: 502 }` (its figures at commit 3b66ba2).
 */
const SETS: { name: string; dir: string; cases: number; bound: number; intent: number; fields: number }[] = [
  { name: "the wallet's own descriptors (public/erc7730/)", dir: 'scripts/erc7730Registry/testsv2', cases: 39, bound: 39, intent: 39, fields: 39 },
];

describe('ERC-7730 fixtures: the ratchet', () => {
  for (const set of SETS) {
    it(`${set.name}: no fewer cases bind, match their intent, or match every field`, async () => {
      const dir = resolve(root, set.dir);
      expect(existsSync(dir), `${set.dir} is missing`).toBe(true);
      const { figures, results } = await runFixtures(dir);
      const failing = results.filter((r) => r.cause).map((r) => `${r.file} › ${r.description}: ${r.cause} (${r.detail ?? ''})`);
      expect(figures.cases, 'cases').toBe(set.cases);
      expect(figures.bound, `bound; failing:\n${failing.join('\n')}`).toBeGreaterThanOrEqual(set.bound);
      expect(figures.intent, `intent; failing:\n${failing.join('\n')}`).toBeGreaterThanOrEqual(set.intent);
      expect(figures.fields, `every field; failing:\n${failing.join('\n')}`).toBeGreaterThanOrEqual(set.fields);
    });
  }
});
