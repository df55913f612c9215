/**
 * The unit tests' check that what the fee code says (./fees.ts FeeSaying) reads, in the English catalogue (the tests'
 * browser speaks English), exactly as the worker's English: the two cannot drift.
 */
import { expect } from 'vitest';
import type { FeeSaying } from './fees';
import { inEnglish } from './words.fixture';

/** The saying's English, once its words are checked to read the same. */
export function english(saying: FeeSaying): string {
  expect(inEnglish(saying.words), saying.words.key).toBe(saying.message);
  return saying.message;
}
