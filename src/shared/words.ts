/**
 * Words the worker makes that a screen shows (a warning, a fee line, a refusal): a key of the screens' catalogues
 * (src/ui/i18n/<locale>/*.json) and the values it fills in. The screen says them in the browser's language
 * (src/ui/i18n/say.ts); the worker keeps its English beside them, for dapps, logs and its own checks.
 * Each producer names its keys in a union here in src/shared (as dangers.ts's DangerKey), which the screen proves
 * are catalogue keys with `satisfies MessageKey`.
 */
export interface Words<K extends string = string> {
  key: K;
  values?: Record<string, WordsValue>;
}

/**
 * A value as written (an address, an amount, a symbol, a page's label: never translated), a number the language
 * writes (`decimal`), a moment (`utc`, seconds since 1970 as decimal text; English as `englishUtc` writes it), a
 * count (`Counted`), other words, or a list of either, joined as the language joins "a, b or c" (`or`) or "a, b and c" (`and`).
 */
export type WordsValue = string | Decimal | { utc: string } | Counted | Words | { list: (string | Words)[]; join: 'or' | 'and' };

/**
 * A count ("1 byte", "3 bytes") in the form the screen's language picks for it (its plural rules: `one`, else `other`;
 * Portuguese says 0 in the form of 1, Chinese every count in one form): `count` is whole decimal text, which fills the
 * chosen key's {count} as the language writes numbers.
 */
export interface Counted<K extends string = string> {
  count: string;
  one: K;
  other: K;
}

/** The English of a count, for the worker's own English beside it ("1 byte", "3 bytes"). */
export const englishCount = (count: number | bigint | string, noun: string): string => `${count} ${noun}${String(count) === '1' ? '' : 's'}`;

/**
 * A number as decimal text ("0.60", "1234.5"), written as the browser's language writes numbers ("0,60", "1.234,5"),
 * every digit kept, the zeros after the point too: an amount rounded up to the cent stays "0.60", never "0.6". One
 * with more than 20 digits after the point (a token of many decimals) stays as written: Intl would round it.
 */
export interface Decimal {
  decimal: string;
}

/** The English a list's words read as, for the worker's own English beside them: as the screen's English joins it. */
export const englishList = (items: string[], join: 'or' | 'and'): string =>
  new Intl.ListFormat('en', { type: join === 'or' ? 'disjunction' : 'conjunction' }).format(items);

/** Words that crossed a message port (an error's `data.words`): the shape checked before a screen says them. */
export function isWords(value: unknown): value is Words {
  if (typeof value !== 'object' || value === null) return false;
  const { key, values } = value as Partial<Words>;
  return typeof key === 'string' && (values === undefined || (typeof values === 'object' && values !== null && Object.values(values).every(isValue)));
}

function isValue(value: unknown): value is WordsValue {
  if (typeof value === 'string' || isWords(value)) return true;
  const { list, join, decimal, utc, count, one, other } = (value ?? {}) as { list?: unknown; join?: unknown; decimal?: unknown; utc?: unknown; count?: unknown; one?: unknown; other?: unknown };
  if (typeof decimal === 'string') return /^-?\d+(\.\d+)?$/.test(decimal);
  if (typeof utc === 'string') return /^\d+$/.test(utc);
  if (count !== undefined) return typeof count === 'string' && /^\d+$/.test(count) && typeof one === 'string' && typeof other === 'string';
  return Array.isArray(list) && list.every((item) => typeof item === 'string' || isWords(item)) && (join === 'or' || join === 'and');
}

/** A moment in UTC as the worker's English writes it, "2100-01-01 00:00 UTC", whatever the English reader's country. */
export const englishUtc = (seconds: bigint | string): string => `${new Date(Number(seconds) * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
