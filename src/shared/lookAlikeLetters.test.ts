import { describe, expect, it } from 'vitest';
import { lookAlikeReason } from './lookAlikeLetters';

describe('lookAlikeReason', () => {
  it.each([
    ['U\u0405DC', 'mixes Latin and Cyrillic letters'],
    ['Tether US\u0430', 'mixes Latin and Cyrillic letters'],
    ['B\u03bfse', 'mixes Latin and Greek letters'],
    ['\u0415\u0422\u041d', 'is written in Cyrillic letters that look Latin'],
    ['\u0391\u03a1\u0395', 'is written in Greek letters that look Latin'],
  ])('%j %s', (text, reason) => expect(lookAlikeReason(text)).toBe(reason));

  it.each(['USDC', 'Base Sepolia', 'Ünïcode Token', 'Рубль', 'Ελληνικά', '日本円', 'TST-2 (bridged)', 'ETH 2.0', ''])('%j is not flagged', (text) => {
    expect(lookAlikeReason(text)).toBeUndefined();
  });
});
