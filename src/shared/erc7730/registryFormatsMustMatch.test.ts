/** A descriptor's `visible.mustMatch` is a check, not a way to hide: a value its list does not allow is shown and named as a mismatch. */
import { describe, expect, it, vi } from 'vitest';
import { BOB, ZERO, call, words } from './registryFormats.fixture';

// Every field rendered says its English in words too (valueWords.fixture.ts).
vi.mock('./render', async (original) => (await import('./valueWords.fixture')).checkingRender(await original()));

describe('visible.mustMatch', () => {
  const fields = [{ path: 'receiver', label: 'Receiver', format: 'addressName', visible: { mustMatch: [ZERO] } }, { path: 'assets', label: 'Amount', format: 'raw' }];
  it('a value the list allows is checked and not shown, and not left undescribed', async () => {
    const { clear, facts } = await call('deposit(uint256 assets,address receiver)', fields, [5n, ZERO]);
    expect(words(clear)).toEqual([['Amount', '5']]);
    expect(clear.uncovered).toEqual([]);
    expect(facts.mismatches).toEqual([]);
  });

  it('a value it does not allow is shown, and named as a mismatch for the dangers', async () => {
    const { clear, facts } = await call('deposit(uint256 assets,address receiver)', fields, [5n, BOB]);
    expect(words(clear)).toEqual([['Receiver', BOB], ['Amount', '5']]);
    expect(facts.mismatches).toEqual([{ label: 'Receiver', text: BOB, allowed: [ZERO] }]);
  });

  it('a text that only reads like an allowed one (an invisible character, another space) is not allowed: the contract gets other bytes', async () => {
    const key = 'deposit(uint256 assets,string referral)';
    const referral = [{ path: 'referral', label: 'Referral', format: 'raw', visible: { mustMatch: ['', 'a b'] } }, { path: 'assets', label: 'Amount', format: 'raw' }];
    for (const text of ['\u200b', '\n', 'a  b', 'a\u00a0b']) {
      const { facts } = await call(key, referral, [5n, text]);
      expect(facts.mismatches.map((m) => m.label)).toEqual(['Referral']);
    }
    expect((await call(key, referral, [5n, 'a b'])).facts.mismatches).toEqual([]);
  });
});
