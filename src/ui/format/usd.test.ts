/** Dollars as the browser's language writes them, whatever the machine's own locale. */
import { afterEach, expect, it, vi } from 'vitest';

const browser = globalThis as unknown as { chrome: { i18n: { getUILanguage(): string } } };
const english = browser.chrome.i18n.getUILanguage;

afterEach(() => {
  browser.chrome.i18n.getUILanguage = english;
  vi.resetModules();
});

it.each([['en-US', '$12,345.67'], ['es', '12.345,67 US$'], ['pt-BR', 'US$ 12.345,67']])('in %s, 1234567 cents read %s', async (language, text) => {
  browser.chrome.i18n.getUILanguage = () => language;
  vi.resetModules();
  const { usdText } = await import('./usd');
  expect(usdText(1_234_567).replace(/\s/g, ' ')).toBe(text);
});
