import { describe, expect, it } from 'vitest';
import { cleanText, hasInvisible } from './displayText';

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
