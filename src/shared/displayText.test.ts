import { describe, expect, it } from 'vitest';
import { cleanText, hasInvisible, lookAlikeReason } from './displayText';

describe('cleanText', () => {
  it.each([
    ['USD\u202eC', 'USDC'], ['U\u200bS\u200cD\u200dC\ufeff', 'USDC'], ['a\u2066b\u2069', 'ab'], ['\u0000T\u0007S\u001bT\u009b', 'TST'],
    ['two\nlines\tand   spaces', 'two lines and spaces'], ['  padded  ', 'padded'], ['soft\u00adhyphen', 'softhyphen'],
  ])('%j shows as %j', (raw, shown) => expect(cleanText(raw)).toBe(shown));

  it('cuts to the limit in characters, not UTF-16 units, with an ellipsis', () => {
    expect(cleanText('x'.repeat(100), 10)).toBe(`${'x'.repeat(9)}…`);
    expect(cleanText('😀'.repeat(10), 10)).toBe('😀'.repeat(10));
  });

  it('hasInvisible says whether anything would be removed', () => {
    expect(hasInvisible('USD\u202eC')).toBe(true);
    expect(hasInvisible('Ünïcödé Token')).toBe(false);
  });
});

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
