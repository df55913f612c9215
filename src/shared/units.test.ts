import { formatEther as ethersEther, formatUnits as ethersUnits } from 'ethers';
import { describe, expect, it } from 'vitest';
import { formatEther, formatUnits, isUnlimited } from './units';

describe('formatUnits', () => {
  it('writes what ethers writes, for every decimals a token has and values around each power of ten', () => {
    const values = [0n, 1n, 9n, 10n, 999n, 10n ** 6n, 10n ** 18n, 10n ** 18n + 1n, 123_456_789_012_345_678_901_234n, 2n ** 256n - 1n];
    for (const decimals of [0, 1, 2, 6, 8, 18, 36]) {
      for (const value of [...values, ...values.map((v) => -v)]) expect(formatUnits(value, decimals)).toBe(ethersUnits(value, decimals));
    }
    expect(formatEther(1_500_000_000_000_000_000n)).toBe(ethersEther(1_500_000_000_000_000_000n));
    expect(formatEther(1_500_000_000_000_000_000n)).toBe('1.5');
  });

  it('writes a value with any number of decimals a descriptor\'s unit names in one pass: the zeros before its digits are not searched again from each', () => {
    const written = formatUnits(2n ** 256n - 1n, 200_000);
    expect(written).toBe(`0.${'0'.repeat(200_000 - 78)}${2n ** 256n - 1n}`);
  });
});

describe('isUnlimited', () => {
  it('is from half the type\'s range: 2^255 for a uint256, 2^159 for a uint160', () => {
    expect([2n ** 255n - 1n, 2n ** 255n, 2n ** 256n - 2n, 2n ** 256n - 1n].map((amount) => isUnlimited(amount))).toEqual([false, true, true, true]);
    expect([2n ** 159n - 1n, 2n ** 159n, 2n ** 160n - 1n].map((amount) => isUnlimited(amount, 160))).toEqual([false, true, true]);
  });
});
