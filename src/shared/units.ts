/**
 * Amounts in units as decimal text, as ethers' `formatUnits` and `formatEther` write them ("1.0", "0.000001",
 * "-2.5"). Written here because ethers' own goes through its FixedNumber, about 5 KB the worker's first script would
 * carry for a few words in error messages (scripts/bundle.test.ts); units.test.ts checks it against ethers.
 */
export function formatUnits(value: bigint, decimals: number): string {
  if (decimals === 0) return String(value);
  const sign = value < 0n ? '-' : '';
  const digits = (value < 0n ? -value : value).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  // Only from a run's first zero: from each one in turn, a long run before other digits would be read again and again.
  const fraction = digits.slice(digits.length - decimals).replace(/(?<!0)0+$/, '');
  return `${sign}${whole}.${fraction || '0'}`;
}

export const formatEther = (wei: bigint): string => formatUnits(wei, 18);

/**
 * An amount no balance comes near counts as unlimited: from half the type's range (2^255 for a uint256, 2^159 for
 * Permit2's uint160), not its largest value alone, which a site dodges by asking one unit less.
 */
export const isUnlimited = (amount: bigint, bits = 256): boolean => amount >= 1n << BigInt(bits - 1);
