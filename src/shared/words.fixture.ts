/**
 * The unit tests' English of a worker's words (src/shared/words.ts), asked as the screen's `say` asks the browser (the
 * tests' browser speaks English): values in their names' sorted order, lists joined as English joins them, numbers and
 * moments as the worker's English writes them (the English screen groups a number's digits: "1,234.5").
 */
import { englishList, englishUtc, type Words, type WordsValue } from './words';

declare const chrome: { i18n: { getMessage(key: string, substitutions?: string[]): string } };

export function inEnglish({ key, values = {} }: Words): string {
  return chrome.i18n.getMessage(key, Object.keys(values).sort().map((name) => valueInEnglish(values[name])));
}

function valueInEnglish(value: WordsValue): string {
  if (typeof value === 'string') return value;
  if ('list' in value) return englishList(value.list.map(valueInEnglish), value.join);
  if ('number' in value) return value.number;
  if ('utc' in value) return englishUtc(value.utc);
  return inEnglish(value);
}
