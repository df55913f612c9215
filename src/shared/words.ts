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
 * writes (`decimal`), other words, or a list of either, joined as the language joins "a, b or c" (`or`) or "a, b and c"
 * (`and`).
 */
export type WordsValue = string | Decimal | Words | { list: (string | Words)[]; join: 'or' | 'and' };

/**
 * A number as decimal text ("0.60", "1234.5"), written as the browser's language writes numbers ("0,60", "1.234,5"),
 * every digit kept, the zeros after the point too: an amount rounded up to the cent stays "0.60", never "0.6".
 */
export interface Decimal {
  decimal: string;
}

/** Intl's options that write a decimal's digits as they are: as many after the point as the text has (20 at most). */
export const asWritten = (text: string): Intl.NumberFormatOptions => {
  const digits = Math.min(20, text.split('.')[1]?.length ?? 0);
  return { minimumFractionDigits: digits, maximumFractionDigits: digits };
};

/** A decimal as the screen's English writes it ("1,234.50"), for the worker's own English beside the words. */
export const englishDecimal = (text: string): string => new Intl.NumberFormat('en', asWritten(text)).format(text as `${number}`);

/** The English a list's words read as, for the worker's own English beside them: as the screen's English joins it. */
export const englishList = (items: string[], join: 'or' | 'and'): string =>
  new Intl.ListFormat('en', { type: join === 'or' ? 'disjunction' : 'conjunction' }).format(items);
