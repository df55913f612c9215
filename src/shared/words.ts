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
 * A value as written (an address, an amount, a symbol, a page's label: never translated), other words, or a list of
 * either, joined as the language joins "a, b or c" (`or`) or "a, b and c" (`and`); or a number or a moment the screen
 * writes as the language does: `number`, exact decimal text ("-1234.5"; the worker's English writes it as it is);
 * `utc`, seconds since 1970 (decimal text; English as `englishUtc` writes it).
 */
export type WordsValue = string | Words | { list: (string | Words)[]; join: 'or' | 'and' } | { number: string } | { utc: string };

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
  const { list, join, number, utc } = (value ?? {}) as { list?: unknown; join?: unknown; number?: unknown; utc?: unknown };
  if (typeof number === 'string') return /^-?\d+(\.\d+)?$/.test(number);
  if (typeof utc === 'string') return /^\d+$/.test(utc);
  return Array.isArray(list) && list.every((item) => typeof item === 'string' || isWords(item)) && (join === 'or' || join === 'and');
}

/** A moment in UTC as the worker's English writes it, "2100-01-01 00:00 UTC", whatever the English reader's country. */
export const englishUtc = (seconds: bigint | string): string => `${new Date(Number(seconds) * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
