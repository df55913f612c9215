/** Words the worker made (src/shared/words.ts) in the browser's language: each value said in turn, numbers and lists as the language writes them. */
import type { Words, WordsValue } from '../../shared/words';
import { writtenDecimal } from '../format/numbers';
import type { MessageKey } from './keys';
import { t, uiLocale } from './t';

// The worker's producers prove their keys are catalogue keys (`satisfies MessageKey` where each union is read).
export const say = ({ key, values }: Words): string =>
  t(key as MessageKey, values && Object.fromEntries(Object.entries(values).map(([name, value]) => [name, sayValue(value)])));

function sayValue(value: WordsValue): string {
  if (typeof value === 'string') return value;
  if ('decimal' in value) return writtenDecimal(value.decimal);
  if ('list' in value) return new Intl.ListFormat(uiLocale(), { type: value.join === 'or' ? 'disjunction' : 'conjunction' }).format(value.list.map(sayValue));
  return say(value);
}
