import { formatUnits } from 'ethers';

export const shortAddress = (address: string): string => `${address.slice(0, 6)}…${address.slice(-4)}`;

/** The exact amount as decimal text (no floating point), e.g. "1234.5" for 1234.5 tokens. */
export const exactAmount = (units: string | bigint, decimals = 18): string => {
  const text = formatUnits(units, decimals);
  return text.endsWith('.0') ? text.slice(0, -2) : text;
};

/**
 * An amount people read at a glance: `digits` significant digits, rounded (the integer part is never cut), thousands
 * separators, and "< 0.000001" rather than a string of zeros. The exact text is `exactAmount`, for hover and focus.
 */
export const readableAmount = (units: string | bigint, decimals = 18, digits = 6): string => {
  const value = BigInt(units);
  const size = value < 0n ? -value : value;
  const sign = value < 0n ? '-' : '';
  const one = 10n ** BigInt(decimals);
  if (size !== 0n && size * 10n ** 6n < one) return `${value < 0n ? '> -' : '< '}0.000001`;
  const wholeDigits = (size / one).toString().length;
  const leadingZeros = size >= one ? 0 : decimals - size.toString().length;
  const fractionDigits = Math.min(decimals, size >= one ? Math.max(0, digits - wholeDigits) : leadingZeros + digits);
  const unit = 10n ** BigInt(decimals - fractionDigits);
  const rounded = (size + unit / 2n) / unit;
  const [whole, fraction = ''] = exactAmount(rounded, fractionDigits).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${grouped}${fraction ? `.${fraction}` : ''}`;
};

/** "2 min ago", "3 h ago", "5 d ago"; `now` is passed in so screens re-render on their own clock. */
export const relativeTime = (at: number, now: number = Date.now()): string => {
  const seconds = Math.max(0, Math.round((now - at) / 1000));
  if (seconds < 45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  return `${Math.round(hours / 24)} d ago`;
};
