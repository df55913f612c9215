/**
 * Every string of the popup and the approval window, in the browser's language, through the platform's own i18n: the
 * browser reads only its language's _locales/<locale>/messages.json (English where a key or language is missing).
 * `values` fill the text's named placeholders ("Sent {amount} to {to}"); see messages.ts for the format.
 */
import type { MessageKey } from './keys';

interface BrowserI18n {
  getMessage(key: string, substitutions?: string[]): string;
  getUILanguage(): string;
}
declare const chrome: { i18n?: BrowserI18n } | undefined;

const i18n = (): BrowserI18n | undefined => (typeof chrome === 'undefined' ? undefined : chrome.i18n);

export function t(key: MessageKey, values?: Record<string, string | number | bigint>): string {
  const substitutions = values && Object.keys(values).sort().map((name) => String(values[name]));
  // A key no catalogue has shows itself rather than nothing (the catalogue test keeps this from shipping).
  return i18n()?.getMessage(key, substitutions) || key;
}

/** The browser's language as a BCP 47 tag, for Intl's number and date formats. */
export const uiLocale = (): string => i18n()?.getUILanguage() ?? 'en-US';

/** A count's message in the browser's language's plural form ("1 call", "2 calls"); `count` fills {count}. */
export function tCount(keys: { one: MessageKey; other: MessageKey }, count: number, values?: Record<string, string | number | bigint>): string {
  const form = new Intl.PluralRules(uiLocale()).select(count);
  return t(form === 'one' ? keys.one : keys.other, { count: count.toLocaleString(uiLocale()), ...values });
}
