import { formatUnits } from 'ethers';
import { decimalMark, localDecimal } from './numbers';

export const shortAddress = (address: string): string => `${address.slice(0, 6)}…${address.slice(-4)}`;

/** The exact amount as decimal text (no floating point), e.g. "1234.5" for 1234.5 tokens. */
export const exactAmount = (units: string | bigint, decimals = 18): string => {
  const text = formatUnits(units, decimals);
  return text.endsWith('.0') ? text.slice(0, -2) : text;
};

/**
 * The exact amount as the browser's language marks decimals, every digit kept and none grouped ("1234,5" in
 * Portuguese, where "1.234" reads as a thousand): for hover and focus beside `readableAmount`. Not for inputs, which
 * take `exactAmount`.
 */
export const exactText = (units: string | bigint, decimals = 18): string => exactAmount(units, decimals).replace('.', decimalMark());

/**
 * An amount people read at a glance: `digits` significant digits, rounded (the integer part is never cut), written as
 * the browser's language writes numbers ("1,234.57", "1.234,57"), and "< 0.000001" rather than a string of zeros.
 * The exact text is `exactText`, for hover and focus.
 */
export const readableAmount = (units: string | bigint, decimals = 18, digits = 6): string => {
  const value = BigInt(units);
  const size = value < 0n ? -value : value;
  const sign = value < 0n ? '-' : '';
  const one = 10n ** BigInt(decimals);
  if (size !== 0n && size * 10n ** 6n < one) return `${value < 0n ? '> ' : '< '}${localDecimal(`${sign}0.000001`)}`;
  const wholeDigits = (size / one).toString().length;
  const leadingZeros = size >= one ? 0 : decimals - size.toString().length;
  const fractionDigits = Math.min(decimals, size >= one ? Math.max(0, digits - wholeDigits) : leadingZeros + digits);
  const unit = 10n ** BigInt(decimals - fractionDigits);
  const rounded = (size + unit / 2n) / unit;
  return localDecimal(`${sign}${exactAmount(rounded, fractionDigits)}`);
};
