/**
 * The browser's _locales from the catalogues in src/ui/i18n/<locale>/<area>.json: one messages.json per locale, every
 * area merged (see src/ui/i18n/messages.ts for the format). The build writes them; the unit tests answer getMessage from them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { LOCALES, browserMessage, type BrowserMessage, type Catalogue, type Locale } from '../src/ui/i18n/messages';

export const CATALOGUES = resolve(import.meta.dirname, '../src/ui/i18n');

/** Each area's catalogue of a locale, by file name ("popup.json"). */
export function areasOf(locale: Locale): Map<string, Catalogue> {
  const folder = resolve(CATALOGUES, locale);
  const files = readdirSync(folder).filter((file) => file.endsWith('.json')).sort();
  return new Map(files.map((file) => [file, JSON.parse(readFileSync(resolve(folder, file), 'utf8')) as Catalogue]));
}

export function messagesOf(locale: Locale): Record<string, BrowserMessage> {
  const messages: Record<string, BrowserMessage> = {};
  for (const catalogue of areasOf(locale).values()) for (const [key, text] of Object.entries(catalogue)) messages[key] = browserMessage(text);
  return messages;
}

export const localeFiles = (): Array<{ locale: Locale; json: string }> =>
  LOCALES.map((locale) => ({ locale, json: JSON.stringify(messagesOf(locale), null, 1) }));
