/** Words the worker made (src/shared/words.ts) in the browser's language: each value said in turn, numbers, moments, counts and lists as the language writes them. */
import { cleanText } from '../../shared/displayText';
import { englishUtc, type Words, type WordsValue } from '../../shared/words';
import { localDecimal, writtenDecimal } from '../format/numbers';
import type { MessageKey } from './keys';
import { t, tCount, uiLocale } from './t';

// The worker's producers prove their keys are catalogue keys (`satisfies MessageKey` where each union is read).
export const say = ({ key, values }: Words): string =>
  t(key as MessageKey, values && Object.fromEntries(Object.entries(values).map(([name, value]) => [name, sayValue(value)])));

/** English keeps the worker's form, which the e2e suite reads; another language has Intl's date and 24-hour time, in UTC too. */
function sayUtc(seconds: string): string {
  const locale = uiLocale();
  if (locale.split('-')[0] === 'en') return englishUtc(seconds);
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC', timeZoneName: 'short' }).format(Number(seconds) * 1000);
}

/**
 * Longer than any value the worker bounds (a server's words, 300 characters): a value planted in storage (a network's
 * name: Firefox's content scripts can write it) is cleaned and bounded here too, as the screens show any text.
 */
const MAX_VALUE_CHARS = 2000;

function sayValue(value: WordsValue): string {
  if (typeof value === 'string') return cleanText(value, MAX_VALUE_CHARS);
  if ('decimal' in value) return writtenDecimal(value.decimal);
  if ('list' in value) return new Intl.ListFormat(uiLocale(), { type: value.join === 'or' ? 'disjunction' : 'conjunction' }).format(value.list.map(sayValue));
  if ('utc' in value) return sayUtc(value.utc);
  // The form by the screen's language, not the worker's English (its producers prove the keys with `satisfies MessageKey`);
  // the count written from its text, every digit: a float would say a signed duration of 2^256 seconds as other digits.
  if ('count' in value) return tCount({ one: value.one as MessageKey, other: value.other as MessageKey }, Number(value.count), { count: localDecimal(value.count) });
  return say(value);
}
