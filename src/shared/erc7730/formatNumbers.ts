/** Durations and units in words, as the spec writes them (dates: valueWords.ts dateOf). */
import { isDecimals, NOT_DECIMALS } from './decimals';
import { param, raw, units, type Formatted, type FormatInput } from './formatParams';
import { daysAnd, unitOf } from './valueWords';

const ONE_DAY = 86_400n;

export function durationText(seconds: bigint): Formatted {
  const days = seconds / ONE_DAY;
  const rest = Number(seconds % ONE_DAY);
  const clock = [Math.floor(rest / 3600), Math.floor((rest % 3600) / 60), rest % 60].map((n) => String(n).padStart(2, '0')).join(':');
  return days > 0n ? daysAnd(days, clock) : { text: clock };
}

const SI = [['T', 12], ['G', 9], ['M', 6], ['k', 3]] as const;

export function unit(input: FormatInput, value: bigint): Formatted {
  const base = String(param(input, 'base') ?? '');
  // Written but not a number the wallet reads (a map's value the parser could not see for this key, a reference to nothing): not 0.
  const decimals = input.field.params?.decimals === undefined ? 0 : param(input, 'decimals');
  if (!isDecimals(decimals)) return raw(input, NOT_DECIMALS);
  if (param(input, 'prefix') === true) {
    const [prefix, exponent] = SI.find(([, e]) => value >= 10n ** BigInt(e + decimals)) ?? ['', 0];
    return unitOf(units(value, decimals + exponent), `${prefix}${base}`);
  }
  // As the spec writes them: "10h", "1.5d", "36ks", "50%".
  return unitOf(units(value, decimals), base);
}
