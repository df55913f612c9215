/** Intl's number formats in the browser's language (uiLocale), each made once: making one is not free. */
import { uiLocale } from '../i18n/t';

const made = new Map<string, Intl.NumberFormat>();

export function numberFormat(options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const locale = uiLocale();
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = made.get(key);
  if (!format) made.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
}

/**
 * Intl writes a number past a float's range (about 1.8 × 10^308) as "∞", though read from text: a cost a hostile
 * node's base fee makes that large (the firewall's revert, rpc/firewall.ts) stays its digits, as written.
 */
const MAX_INTL_WHOLE_DIGITS = 300;
const pastFloats = (text: string): boolean => text.replace(/^-/, '').split('.')[0].length > MAX_INTL_WHOLE_DIGITS;
const asWritten = (text: string): string => text.replace('.', decimalMark());

/**
 * Decimal text ("-1234.5") as the browser's language writes it ("-1,234.5", "-1.234,5"). Intl reads the text as it
 * is, without a float in between, so no digit of an 18-decimal amount moves; 20 digits after the point at most.
 */
export const localDecimal = (text: string): string =>
  pastFloats(text) ? asWritten(text) : numberFormat({ maximumFractionDigits: 20 }).format(text as `${number}`);

/**
 * A decimal as written ("0.60") in the browser's language ("0,60"): every digit, the zeros after the point too. Past
 * the 20 digits after the point Intl keeps, the whole part as the language writes it and the rest as written after its
 * mark: English's "1250.0…01" in a Portuguese sentence reads as a million and more, "1,250" as one and a quarter.
 */
export function writtenDecimal(text: string): string {
  if (pastFloats(text)) return asWritten(text);
  const [whole, fraction = ''] = text.split('.');
  if (fraction.length > 20) return `${numberFormat().format(whole as `${number}`)}${decimalMark()}${fraction}`;
  return numberFormat({ minimumFractionDigits: fraction.length, maximumFractionDigits: fraction.length }).format(text as `${number}`);
}

/** The browser's language's decimal mark ("." in English, "," in Portuguese). */
export const decimalMark = (): string => numberFormat().formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
