/**
 * The unit tests' check that each danger's words, in the English catalogue (the tests' browser speaks English), say
 * exactly its `message`: asked as the approval window's `t` asks the browser, values in their names' sorted order.
 */
import { afterEach, expect } from 'vitest';
import type { Danger, DangerKind } from './dangers';

import { inEnglish as wordsInEnglish } from './words.fixture';

export const inEnglish = ({ words }: Danger): string | undefined => words && wordsInEnglish(words);

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
