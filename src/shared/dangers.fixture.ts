/**
 * The unit tests' check that each danger's words, in the English catalogue (the tests' browser speaks English), say
 * exactly its `message`: asked as the approval window's `t` asks the browser, values in their names' sorted order.
 */
import { afterEach, expect } from 'vitest';
import type { Danger, DangerKind } from './dangers';

declare const chrome: { i18n: { getMessage(key: string, substitutions?: string[]): string } };

export function inEnglish({ words }: Danger): string | undefined {
  if (!words) return undefined;
  const values = words.values ?? {};
  return chrome.i18n.getMessage(words.key, Object.keys(values).sort().map((name) => values[name]));
}

/** Keeps the dangers a test's fixtures produce; after each test, each (but the kinds still English only) must say its message in words. */
export function checkingWords(englishOnly: DangerKind[] = []): <T extends Danger[]>(dangers: T) => T {
  const kept: Danger[] = [];
  afterEach(() => {
    for (const danger of kept.splice(0).filter((d) => !englishOnly.includes(d.kind))) expect(inEnglish(danger), danger.kind).toBe(danger.message);
  });
  return (dangers) => {
    kept.push(...dangers);
    return dangers;
  };
}
