import { describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '../../shared/errors';
import type { Hex } from '../../shared/params';
import { memoryBackend, typedStorage } from '../storage/typedStorage';
import type { VaultSecret } from '../vault/crypto';
import { createAccounts } from './accounts';
import { ACCOUNTS_DEFAULTS, type AccountRecord } from './storedAccounts';
import { KEY_ADDRESSES_DEFAULTS, MAX_PHRASE_ACCOUNTS, createKeyAddresses } from './keyAddresses';
import * as keys from './keys';

const MNEMONIC = 'test test test test test test test test test test test junk';
const ACCOUNT_0 = keys.deriveWallet(MNEMONIC, 0).address as Hex;
const ACCOUNT_1 = keys.deriveWallet(MNEMONIC, 1).address as Hex;

/**
 * Entries a page's content script can put in the accounts list (storage.local, Firefox): each made every reader of the
 * list throw, the unlock's check and the popup's state with them, until the wallet was reset.
 */
const JUNK: unknown[] = [null, 7, { index: 2, name: 'no address' }, { address: 42, index: 3, name: 'a number' }, { address: ACCOUNT_1, index: 1, name: { text: 'an object' } }];

async function planted(secret: VaultSecret | null) {
  const local = typedStorage(memoryBackend(), ACCOUNTS_DEFAULTS);
  const accounts = createAccounts(local, { secret: async () => secret }, async () => keys, createKeyAddresses(typedStorage(memoryBackend(), KEY_ADDRESSES_DEFAULTS), async () => keys));
  await accounts.reset(MNEMONIC);
  await local.update('accounts', (stored) => [...JUNK, ...stored] as AccountRecord[]);
  await local.set('selectedAccount', ACCOUNT_1);
  return { local, accounts };
}

describe('a planted entry in the accounts list', () => {
  it('is not listed, while unlocked or locked, and the selection falls among the accounts left', async () => {
    for (const secret of [{ mnemonic: MNEMONIC }, null]) {
      const { accounts } = await planted(secret);
      expect((await accounts.list()).map((a) => a.address)).toEqual([ACCOUNT_0]);
      expect(await accounts.selected()).toBe(ACCOUNT_0);
    }
  });

  it('does not fail the unlock: it is dropped from the list written back', async () => {
    const { local, accounts } = await planted({ mnemonic: MNEMONIC });
    await accounts.verify();
    expect(await local.get('accounts')).toEqual([{ address: ACCOUNT_0, index: 0, name: 'Account 1' }]);
    expect(await local.get('selectedAccount')).toBe(ACCOUNT_0);
  });

  it('keeps the user able to add, rename, remove and sign', async () => {
    const { accounts } = await planted({ mnemonic: MNEMONIC });
    expect((await accounts.addNext(MNEMONIC)).address).toBe(ACCOUNT_1);
    await accounts.rename(ACCOUNT_0, 'Main');
    expect((await accounts.signer(ACCOUNT_0)).address).toBe(ACCOUNT_0);
    await accounts.remove(ACCOUNT_1);
    expect((await accounts.list()).map((a) => [a.address, a.name])).toEqual([[ACCOUNT_0, 'Main']]);
  });

  it('nor is a selection that is not text: the first account is selected', async () => {
    const { local, accounts } = await planted({ mnemonic: MNEMONIC });
    await local.set('selectedAccount', 42 as unknown as Hex);
    expect(await accounts.selected()).toBe(ACCOUNT_0);
    await accounts.verify();
    expect(await local.get('selectedAccount')).toBe(ACCOUNT_0);
  });

  // Each read of the list (several per request) compared every record with every one kept: 2,000 of the phrase's own
  // accounts, kept by the unlock's check, took a second a read, 20,000 minutes, until a reset.
  it('of many of the phrase\'s accounts takes each read of the list a moment, not the square of their count', async () => {
    const local = typedStorage(memoryBackend(), ACCOUNTS_DEFAULTS);
    const addressOf = (account: { index: number }) => `0x${account.index.toString(16).padStart(40, '0')}` as Hex;
    const accounts = createAccounts(local, { secret: async () => ({ mnemonic: MNEMONIC }) }, async () => keys, { of: async () => addressOf, save: async () => {} });
    const many = Array.from({ length: 20_000 }, (_, index) => ({ address: addressOf({ index }), index, name: `Account ${index + 1}` }));
    await local.set('accounts', many);
    const start = performance.now();
    expect(await accounts.list()).toHaveLength(many.length);
    expect(performance.now() - start).toBeLessThan(2_000);
  });

  // The unlock's check looked each record up among those it had read by a search: a page that planted records without a
  // key (imported, at indices the vault has none) had it compare each with every one before it, 80,000 taking about 10 s
  // and 200,000 minutes of the unlock, planted again whenever the unlock dropped them.
  it('of many records without a key takes the unlock\'s check a moment, not the square of their count', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { local, accounts } = await planted({ mnemonic: MNEMONIC });
    const keyless = Array.from({ length: 80_000 }, (_, index) => ({ address: `0x${index.toString(16).padStart(40, '0')}`, index, name: 'Imported', imported: true }));
    await local.update('accounts', (stored) => [...stored, ...keyless] as AccountRecord[]);
    const start = performance.now();
    await accounts.verify();
    expect(performance.now() - start).toBeLessThan(3_000);
    expect(await local.get('accounts')).toEqual([{ address: ACCOUNT_0, index: 0, name: 'Account 1' }]);
    vi.restoreAllMocks();
  });

  // Each index a record names was derived once (about 2 ms, the worker held), the accounts written back as the user's
  // at unlock: 100,000 held the first unlock of every browser session for minutes, and every read after.
  it('of indices past the phrase\'s most accounts derives none of them', async () => {
    const local = typedStorage(memoryBackend(), ACCOUNTS_DEFAULTS);
    const derived: number[] = [];
    const counting = { ...keys, childNode: (parent: keys.KeyNode, index: number) => (derived.push(index), keys.childNode(parent, index)) };
    const accounts = createAccounts(local, { secret: async () => ({ mnemonic: MNEMONIC }) }, async () => keys, createKeyAddresses(typedStorage(memoryBackend(), KEY_ADDRESSES_DEFAULTS), async () => counting));
    await accounts.reset(MNEMONIC);
    const far = Array.from({ length: 50 }, (_, i) => ({ address: ACCOUNT_1, index: MAX_PHRASE_ACCOUNTS + i * 1_000, name: 'Far' }));
    await local.update('accounts', (stored) => [...stored, ...far]);
    expect((await accounts.list()).map((a) => a.address)).toEqual([ACCOUNT_0]);
    expect(derived).toEqual([0]);
    // Nor does Add account make one there: it would not be listed.
    await local.set('accounts', Array.from({ length: MAX_PHRASE_ACCOUNTS }, (_, index) => ({ address: ACCOUNT_0, index, name: 'Planted' })));
    await expect(accounts.addNext(MNEMONIC)).rejects.toMatchObject({ code: ErrorCode.limitExceeded });
  });
});
