/**
 * The fee line of a fee paid in USDC: "Network fee: ≈ 0.42 USDC (at most 0.60 USDC)" before, "Network fee: 0.31 USDC"
 * once paid. Every figure rounds up, so the line never shows less than what can be (or was) taken: to the cent, or
 * below a cent to two significant digits.
 */
import type { FeeSaying } from '../../shared/fees';
import type { UsdcFeeQuote } from './quote';

const USDC_DECIMALS = 6;
const CENT = 10n ** BigInt(USDC_DECIMALS - 2);

const ceilDiv = (a: bigint, b: bigint): bigint => (a === 0n ? 0n : (a - 1n) / b + 1n);
const floorDiv = (a: bigint, b: bigint): bigint => a / b;

/** Token units (6 decimals) as USDC, to the cent or below a cent to two significant digits, divided as `div` rounds. */
function usdcAmount(units: bigint, div: (a: bigint, b: bigint) => bigint): string {
  if (units === 0n || units >= CENT) {
    const cents = div(units, CENT);
    return `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;
  }
  // Below a cent: keep the first two significant digits, the rest rounded into them.
  const digits = units.toString().length;
  const step = digits > 2 ? 10n ** BigInt(digits - 2) : 1n;
  const rounded = div(units, step) * step;
  if (rounded >= CENT) return '0.01';
  const fraction = rounded.toString().padStart(USDC_DECIMALS, '0').replace(/0+$/, '');
  return `0.${fraction}`;
}

/** Token units (6 decimals) as USDC, rounded up: a fee never reads as less than it can take. */
export const usdcAmountUp = (units: bigint): string => usdcAmount(units, ceilDiv);

/** Token units (6 decimals) as USDC, rounded down: a balance never reads as more than is held (beside a fee rounded up). */
export const usdcAmountDown = (units: bigint): string => usdcAmount(units, floorDiv);

/** The line before the fee is taken; the screen writes its figures as the browser's language writes numbers. */
export function usdcFeeLine({ expected, maximum }: Pick<UsdcFeeQuote, 'expected' | 'maximum'>): FeeSaying {
  const [about, most] = [usdcAmountUp(expected), usdcAmountUp(maximum)];
  return {
    message: `Network fee: ≈ ${about} USDC (at most ${most} USDC)`,
    words: { key: 'fees_usdcLine', values: { expected: { decimal: about }, maximum: { decimal: most } } },
  };
}

/** What a landed op paid (its paymaster's event, ./sponsoredFee.ts), as Activity shows it. */
export function usdcFeePaidLine(taken: bigint): FeeSaying {
  const amount = usdcAmountUp(taken);
  return { message: `Network fee: ${amount} USDC`, words: { key: 'fees_usdcPaid', values: { amount: { decimal: amount } } } };
}
