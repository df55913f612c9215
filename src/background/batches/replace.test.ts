import { describe, expect, it } from 'vitest';
import { bumped, replacementFees } from './replace';

describe('replacement fees', () => {
  it('raise both caps by at least 10%, rounding up', () => {
    expect(bumped(100n)).toBe(110n);
    expect(bumped(101n)).toBe(112n);
    expect(bumped(1n)).toBe(2n);
    expect(replacementFees({ maxFeePerGas: 1000n, maxPriorityFeePerGas: 100n }, { maxFeePerGas: 500n, maxPriorityFeePerGas: 50n })).toEqual({
      maxFeePerGas: 1100n,
      maxPriorityFeePerGas: 110n,
    });
  });

  it('pay at least today’s market fees when they rose more than 10%', () => {
    expect(replacementFees({ maxFeePerGas: 1000n, maxPriorityFeePerGas: 100n }, { maxFeePerGas: 3000n, maxPriorityFeePerGas: 300n })).toEqual({
      maxFeePerGas: 3000n,
      maxPriorityFeePerGas: 300n,
    });
  });

  it('keep the tip within the fee cap', () => {
    const fees = replacementFees({ maxFeePerGas: 100n, maxPriorityFeePerGas: 100n }, { maxFeePerGas: 100n, maxPriorityFeePerGas: 150n });
    expect(fees.maxPriorityFeePerGas <= fees.maxFeePerGas).toBe(true);
    expect(fees.maxFeePerGas * 10n >= 100n * 11n).toBe(true);
  });
});
