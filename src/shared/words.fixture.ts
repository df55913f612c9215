/**
 * The unit tests' English of a worker's words (src/shared/words.ts), asked as the screen's `say` asks the browser (the
 * tests' browser speaks English): values in their names' sorted order, numbers as written (the worker's English does not group digits, as ERC-7730's
 * reference formats do not; the screen's English does), moments, counts and lists as the worker's English writes them.
 */
import { englishList, englishUtc, type Words, type WordsValue } from './words';

declare const chrome: { i18n: { getMessage(key: string, substitutions?: string[]): string } };

export function inEnglish({ key, values = {} }: Words): string {
  return chrome.i18n.getMessage(key, Object.keys(values).sort().map((name) => valueInEnglish(values[name])));
}

function valueInEnglish(value: WordsValue): string {
  if (typeof value === 'string') return value;
  if ('decimal' in value) return value.decimal;
  if ('list' in value) return englishList(value.list.map(valueInEnglish), value.join);
  if ('utc' in value) return englishUtc(value.utc);
  if ('count' in value) return chrome.i18n.getMessage(new Intl.PluralRules('en').select(Number(value.count)) === 'one' ? value.one : value.other, [value.count]);
  return inEnglish(value);
}
