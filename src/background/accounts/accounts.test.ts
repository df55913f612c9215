import { describe, expect, it, vi } from 'vitest';
import type { Hex } from '../../shared/params';
import { memoryBackend, typedStorage } from '../storage/typedStorage';
import type { VaultSecret } from '../vault/crypto';
import { createAccounts } from './accounts';
import { ACCOUNTS_DEFAULTS, type AccountRecord } from './storedAccounts';
import { KEY_ADDRESSES_DEFAULTS, createKeyAddresses } from './keyAddresses';
import * as keys from './keys';

// Counts the phrase's derivations (a PBKDF2 run each).
vi.mock('./keys', async (original) => {
  const actual = await original<typeof import('./keys')>();
  return { ...actual, nodeAt: vi.fn(actual.nodeAt) };
});

const MNEMONIC = 'test test test test test test test test test test test junk';
const ACCOUNT_0 = keys.deriveWallet(MNEMONIC, 0).address as Hex;
const ACCOUNT_1 = keys.deriveWallet(MNEMONIC, 1).address as Hex;
const ATTACKER = '0x000000000000000000000000000000000000dEaD';
const OTHER = '0x00000000000000000000000000000000000bEEF0';

/** What a page's content script can write to storage.local on Firefox: account 1's address altered, an account added. */
const PLANTED: AccountRecord[] = [
  { address: ACCOUNT_0, index: 0, name: 'Account 1' },
  { address: ATTACKER, index: 1, name: 'Account 2' },
  { address: OTHER, index: 4, name: 'Savings', imported: true },
];

async function setup() {
  const local = typedStorage(memoryBackend(), ACCOUNTS_DEFAULTS);
  const secret: VaultSecret = { mnemonic: MNEMONIC };
  const accounts = createAccounts(local, { secret: async () => secret }, async () => keys, createKeyAddresses(typedStorage(memoryBackend(), KEY_ADDRESSES_DEFAULTS), async () => keys));
  await accounts.reset(MNEMONIC);
  await accounts.addNext(MNEMONIC);
  await local.set('accounts', PLANTED);
  await local.set('selectedAccount', OTHER);
  return { local, accounts };
}

describe('accounts', () => {
  it('are listed by a restarted worker without deriving the phrase again, nor loading the keys\' code (what the last one derived is in session storage)', async () => {
    const local = typedStorage(memoryBackend(), ACCOUNTS_DEFAULTS);
    const session = typedStorage(memoryBackend(), KEY_ADDRESSES_DEFAULTS);
    const vault = { secret: async (): Promise<VaultSecret> => ({ mnemonic: MNEMONIC }) };
    const first = createAccounts(local, vault, async () => keys, createKeyAddresses(session, async () => keys));
    await first.reset(MNEMONIC);
    await first.addNext(MNEMONIC);
    expect((await first.list()).map((a) => a.address)).toEqual([ACCOUNT_0, ACCOUNT_1]);
    vi.mocked(keys.nodeAt).mockClear();
    const loadKeys = vi.fn(async () => keys);
    const restarted = createAccounts(local, vault, loadKeys, createKeyAddresses(session, loadKeys));
    expect((await restarted.list()).map((a) => a.address)).toEqual([ACCOUNT_0, ACCOUNT_1]);
    await restarted.verify();
    expect(keys.nodeAt).not.toHaveBeenCalled();
    expect(loadKeys).not.toHaveBeenCalled();
  });

  it('lists only the addresses the vault derives: an altered one as derived, one the vault has no key for dropped, the selection among them', async () => {
    const { accounts } = await setup();
    expect(await accounts.list()).toEqual([
      { address: ACCOUNT_0, index: 0, name: 'Account 1' },
      { address: ACCOUNT_1, index: 1, name: 'Account 2' },
    ]);
    expect(await accounts.selected()).toBe(ACCOUNT_0);
    await expect(accounts.select(OTHER)).rejects.toThrow(`${OTHER} is not an account of this wallet`);
    await accounts.select(ACCOUNT_1);
    expect(await accounts.selected()).toBe(ACCOUNT_1);
  });

  it('names no account while locked for what needs the derived list (the names beside addresses in a review): the stored one may be planted', async () => {
    const { local, accounts } = await setup();
    expect(await accounts.unlockedList()).toEqual(await accounts.list());
    const locked = createAccounts(local, { secret: async () => null }, async () => keys, createKeyAddresses(typedStorage(memoryBackend(), KEY_ADDRESSES_DEFAULTS), async () => keys));
    expect(await locked.list()).toEqual(PLANTED);
    expect(await locked.unlockedList()).toEqual([]);
  });

  it('writes the derived list back at unlock', async () => {
    const { accounts, local } = await setup();
    await accounts.verify();
    expect(await local.get('accounts')).toEqual([
      { address: ACCOUNT_0, index: 0, name: 'Account 1' },
      { address: ACCOUNT_1, index: 1, name: 'Account 2' },
    ]);
    expect(await local.get('selectedAccount')).toBe(ACCOUNT_0);
  });

  it('signs only when the key derives the address of the record', async () => {
    const { accounts } = await setup();
    await expect(accounts.signer(ATTACKER)).rejects.toThrow(`The key of account index 1 is ${ACCOUNT_1}, not ${ATTACKER}: nothing is signed`);
    await expect(accounts.signer(OTHER)).rejects.toThrow(`The vault holds no key for ${OTHER}`);
    expect((await accounts.signer(ACCOUNT_0)).address).toBe(ACCOUNT_0);
  });

  it('at unlock, keeps an account added while the list was being checked (another page\'s Add account), and unlocks', async () => {
    const local = typedStorage(memoryBackend(), ACCOUNTS_DEFAULTS);
    const accounts = createAccounts(local, { secret: async () => ({ mnemonic: MNEMONIC }) }, async () => keys, createKeyAddresses(typedStorage(memoryBackend(), KEY_ADDRESSES_DEFAULTS), async () => keys));
    await accounts.reset(MNEMONIC);
    const [verified, added] = await Promise.allSettled([accounts.verify(), accounts.addNext(MNEMONIC)]);
    expect(verified.status).toBe('fulfilled');
    expect(added).toMatchObject({ status: 'fulfilled', value: { address: ACCOUNT_1 } });
    expect((await local.get('accounts')).map((a) => a.address)).toEqual([ACCOUNT_0, ACCOUNT_1]);
    expect((await accounts.list()).map((a) => a.address)).toEqual([ACCOUNT_0, ACCOUNT_1]);
  });
});
