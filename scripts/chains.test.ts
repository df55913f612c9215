/** The committed chain data is what the generator makes of the installed viem/chains and PublicNode map. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GENERATED_CHAINS_FILE, renderChains } from './chains';

describe('src/shared/chains.generated.ts', () => {
  it('equals what scripts/chains.ts generates (run `npx tsx scripts/chains.ts` after upgrading viem or web3)', () => {
    expect(readFileSync(GENERATED_CHAINS_FILE, 'utf8')).toBe(renderChains());
  });
});
