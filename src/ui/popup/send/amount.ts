/** The Send form's arithmetic, in integer units: what the user typed, and what "Max" leaves after the fee. */
import { parseUnits } from 'ethers';
import { decimalMark, localDecimal } from '../../format/numbers';
import { t, tCount } from '../../i18n/t';

export type Parsed = { ok: true; units: bigint } | { ok: false; error: string };

/**
 * "1.5" of a coin with `decimals` decimals, as units, written with the browser's language's decimal mark ("1,5" in
 * Portuguese); the other mark is refused rather than guessed, since "1.000" is a thousand there. More decimals than
 * the coin has, or anything not a number, is an error.
 */
export function parseAmount(text: string, decimals: number): Parsed {
  const mark = decimalMark();
  const trimmed = text.trim();
  const [whole, fraction = '', ...rest] = trimmed.split(mark);
  if (rest.length > 0 || !/^\d+$/.test(whole) || (trimmed.includes(mark) && !/^\d+$/.test(fraction))) return { ok: false, error: t('send_enterAmount', { example: localDecimal('1.5') }) };
  if (fraction.length > decimals) return { ok: false, error: tCount({ one: 'send_atMostDecimals_one', other: 'send_atMostDecimals_other' }, decimals) };
  const units = parseUnits(fraction ? `${whole}.${fraction}` : whole, decimals);
  if (units === 0n) return { ok: false, error: t('send_enterAmountAboveZero') };
  return { ok: true, units };
}

/** The most of the network's coin that can go out when the fee, at most `maxFee` (L2 gas and any L1 data fee), is paid too. */
export const maxSendable = (balance: bigint, maxFee: bigint): bigint => {
  const left = balance - maxFee;
  return left > 0n ? left : 0n;
};
