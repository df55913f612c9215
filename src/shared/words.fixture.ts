/**
 * The unit tests' English of a worker's words (src/shared/words.ts), asked as the screen's `say` asks the browser (the
 * tests' browser speaks English): values in their names' sorted order, numbers and lists written as English writes them.
 */
import { englishDecimal, englishList, type Words, type WordsValue } from './words';

declare const chrome: { i18n: { getMessage(key: string, substitutions?: string[]): string } };

export function inEnglish({ key, values = {} }: Words): string {
  return chrome.i18n.getMessage(key, Object.keys(values).sort().map((name) => valueInEnglish(values[name])));
}

function valueInEnglish(value: WordsValue): string {
  if (typeof value === 'string') return value;
  if ('decimal' in value) return englishDecimal(value.decimal);
  if ('list' in value) return englishList(value.list.map(valueInEnglish), value.join);
  return inEnglish(value);
}
