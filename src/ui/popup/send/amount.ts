/** The Send form's arithmetic, in integer units: what the user typed, and what "Max" leaves after the fee. */
import { parseUnits } from 'ethers';
import { t, tCount } from '../../i18n/t';

export type Parsed = { ok: true; units: bigint } | { ok: false; error: string };

/** "1.5" of a coin with `decimals` decimals, as units; more decimals than the coin has, or anything not a number, is an error. */
export function parseAmount(text: string, decimals: number): Parsed {
  const trimmed = text.trim();
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return { ok: false, error: t('send_enterAmount') };
  const fraction = trimmed.split('.')[1] ?? '';
  if (fraction.length > decimals) return { ok: false, error: tCount({ one: 'send_atMostDecimals_one', other: 'send_atMostDecimals_other' }, decimals) };
  const units = parseUnits(trimmed, decimals);
  if (units === 0n) return { ok: false, error: t('send_enterAmountAboveZero') };
  return { ok: true, units };
}

/** The most of the network's coin that can go out when the fee, at most `maxFee` (L2 gas and any L1 data fee), is paid too. */
export const maxSendable = (balance: bigint, maxFee: bigint): bigint => {
  const left = balance - maxFee;
  return left > 0n ? left : 0n;
};
