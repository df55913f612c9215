/** Words the worker made (src/shared/words.ts) in the browser's language: each value said in turn, lists as the language joins them. */
import { englishUtc, type Words, type WordsValue } from '../../shared/words';
import { localDecimal } from '../format/numbers';
import type { MessageKey } from './keys';
import { t, uiLocale } from './t';

// The worker's producers prove their keys are catalogue keys (`satisfies MessageKey` where each union is read).
export const say = ({ key, values }: Words): string =>
  t(key as MessageKey, values && Object.fromEntries(Object.entries(values).map(([name, value]) => [name, sayValue(value)])));

/** Intl writes 20 digits after the point at most (localDecimal): a number with more keeps them as written rather than round. */
const MOST_DECIMALS = 20;
const sayNumber = (text: string): string => ((text.split('.')[1] ?? '').length > MOST_DECIMALS ? text : localDecimal(text));

/** English keeps the worker's form, which the e2e suite reads; another language has Intl's date and 24-hour time, in UTC too. */
function sayUtc(seconds: string): string {
  const locale = uiLocale();
  if (locale.split('-')[0] === 'en') return englishUtc(seconds);
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC', timeZoneName: 'short' }).format(Number(seconds) * 1000);
}

function sayValue(value: WordsValue): string {
  if (typeof value === 'string') return value;
  if ('list' in value) return new Intl.ListFormat(uiLocale(), { type: value.join === 'or' ? 'disjunction' : 'conjunction' }).format(value.list.map(sayValue));
  if ('number' in value) return sayNumber(value.number);
  if ('utc' in value) return sayUtc(value.utc);
  return say(value);
}
