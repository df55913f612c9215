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
 * Decimal text ("-1234.5") as the browser's language writes it ("-1,234.5", "-1.234,5"). Intl reads the text as it
 * is, without a float in between, so no digit of an 18-decimal amount moves; 20 digits after the point at most.
 */
export const localDecimal = (text: string): string => numberFormat({ maximumFractionDigits: 20 }).format(text as `${number}`);

/**
 * A decimal as written ("0.60") in the browser's language ("0,60"): every digit, the zeros after the point too; as
 * written when it has more than the 20 digits after the point Intl keeps.
 */
export function writtenDecimal(text: string): string {
  const digits = text.split('.')[1]?.length ?? 0;
  return digits > 20 ? text : numberFormat({ minimumFractionDigits: digits, maximumFractionDigits: digits }).format(text as `${number}`);
}

/** The browser's language's decimal mark ("." in English, "," in Portuguese). */
export const decimalMark = (): string => numberFormat().formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
