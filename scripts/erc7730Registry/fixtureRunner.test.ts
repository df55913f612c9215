/** The runner's reading of the registry's notation: only what the two notations write alike matches. */
import { describe, expect, it } from 'vitest';
import { inWalletNotation, shownValue } from './fixtureRunner';

describe('the fixture runner reads the screen as the registry writes it', () => {
  it('an RFC 3339 date is the wallet\'s text for the same minute; any other text stays as written', () => {
    expect(inWalletNotation('2025-02-07 00:00:00Z')).toBe('2025-02-07 00:00 UTC');
    expect(inWalletNotation('2025-02-07 00:01:00Z')).not.toBe('2025-02-07 00:00 UTC');
    expect(inWalletNotation('1.5 USDC')).toBe('1.5 USDC');
  });

  it('a field is its words, or its address without words; an unnamed token\'s amount is its number only with the wallet\'s unknown-token note', () => {
    const token = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' as const;
    expect(shownValue({ text: '', address: token })).toBe(token);
    expect(shownValue({ text: 'vitalik.eth', address: token })).toBe('vitalik.eth');
    expect(shownValue({ text: '1000 units of', address: token, note: 'unknown token: it did not answer symbol() and decimals(), so the amount is in its smallest unit' })).toBe('1000');
    expect(shownValue({ text: '1000 units of', address: token })).toBe('1000 units of');
  });
});
