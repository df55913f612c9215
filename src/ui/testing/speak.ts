/**
 * A unit test's browser in another language: getMessage answers from that locale's catalogues, as the built
 * messages.json would, and getUILanguage names it. `vi.restoreAllMocks()` brings English back.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { vi } from 'vitest';
import { browserMessage, renderMessage, type Catalogue, type Locale } from '../i18n/messages';

interface BrowserI18n {
  getMessage(key: string, substitutions?: string[]): string;
  getUILanguage(): string;
}

export function speak(locale: Locale, tag = locale.replace('_', '-')): void {
  const folder = resolve(import.meta.dirname, '../i18n', locale);
  const texts: Catalogue = Object.assign({}, ...readdirSync(folder).filter((file) => file.endsWith('.json')).map((file) => JSON.parse(readFileSync(resolve(folder, file), 'utf8')) as Catalogue));
  const i18n = (globalThis as unknown as { chrome: { i18n: BrowserI18n } }).chrome.i18n;
  vi.spyOn(i18n, 'getMessage').mockImplementation((key, substitutions) => (texts[key] ? renderMessage(browserMessage(texts[key]), substitutions) : ''));
  vi.spyOn(i18n, 'getUILanguage').mockReturnValue(tag);
}
