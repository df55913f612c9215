import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CollectibleHolding } from '../../../shared/collectibles';
import { holdingText } from './format';

// The unit tests' browser i18n (scripts/testI18n.ts), whose language a test may change.
const { i18n } = (globalThis as unknown as { chrome: { i18n: { getUILanguage(): string } } }).chrome;

const held = (balance: string | null, standard: CollectibleHolding['standard'] = 'ERC1155') =>
  ({ standard, address: '0x00000000000000000000000000000000000000aa', tokenId: '1', balance }) as CollectibleHolding;

describe('what the account holds of a collectible', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says it in words, and counts an ERC-1155 balance', () => {
    expect(holdingText(held('1', 'ERC721'))).toBe('Held');
    expect(holdingText(held('0'))).toBe('Not held any more');
    expect(holdingText(held(null))).toBe('Holding unavailable');
    expect(holdingText(held('1200'))).toBe('1,200 held');
  });

  it('writes the count as the browser\'s language does', () => {
    vi.spyOn(i18n, 'getUILanguage').mockReturnValue('de-DE');
    expect(holdingText(held('1200'))).toBe('1.200 held');
  });
});
