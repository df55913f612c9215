import { describe, expect, it, vi } from 'vitest';
import { memoryBackend, typedStorage } from '../storage/typedStorage';
import type { VaultSecret } from '../vault/crypto';
import { KEY_ADDRESSES_DEFAULTS, createKeyAddresses } from './keyAddresses';
import * as keys from './keys';

// Counts the phrase's derivations (a PBKDF2 run each).
vi.mock('./keys', async (original) => {
  const actual = await original<typeof import('./keys')>();
  return { ...actual, nodeAt: vi.fn(actual.nodeAt) };
});

const MNEMONIC = 'test test test test test test test test test test test junk';
const KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
const SECRET: VaultSecret = { mnemonic: MNEMONIC, importedKeys: [KEY] };

const ACCOUNTS = [{ index: 0 }, { index: 1 }, { index: 0, imported: true as const }];
const load = async () => keys;

describe('the addresses of the secret\'s keys', () => {
  it('are derived once, and a restarted worker reads them back from session storage rather than deriving again or loading the curve\'s code', async () => {
    const session = typedStorage(memoryBackend(), KEY_ADDRESSES_DEFAULTS);
    const first = createKeyAddresses(session, load);
    const addressOf = await first.of(SECRET, ACCOUNTS);
    expect([addressOf({ index: 0 }), addressOf({ index: 1 }), addressOf({ index: 0, imported: true })]).toEqual([
      keys.deriveWallet(MNEMONIC, 0).address, keys.deriveWallet(MNEMONIC, 1).address, keys.walletOf(KEY).address,
    ]);
    await first.save();
    vi.mocked(keys.nodeAt).mockClear();
    const loadAgain = vi.fn(load);
    const restarted = createKeyAddresses(session, loadAgain);
    const again = await restarted.of(SECRET, ACCOUNTS);
    expect([again({ index: 0 }), again({ index: 1 }), again({ index: 0, imported: true })]).toEqual([
      keys.deriveWallet(MNEMONIC, 0).address, keys.deriveWallet(MNEMONIC, 1).address, keys.walletOf(KEY).address,
    ]);
    expect(keys.nodeAt).not.toHaveBeenCalled();
    expect(loadAgain).not.toHaveBeenCalled();
    // An account it was not asked for, and never derived, is an error rather than an account without a key.
    expect(() => again({ index: 2 })).toThrow('phrase 2 was not derived');
  });

  it('are derived anew for another secret (another phrase, another imported key); a key the vault lacks has none', async () => {
    const session = typedStorage(memoryBackend(), KEY_ADDRESSES_DEFAULTS);
    const first = createKeyAddresses(session, load);
    (await first.of(SECRET, ACCOUNTS))({ index: 0 });
    await first.save();
    const restarted = createKeyAddresses(session, load);
    const other = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
    expect((await restarted.of({ mnemonic: other }, ACCOUNTS))({ index: 0 })).toBe(keys.deriveWallet(other, 0).address);
    const otherKey = { mnemonic: MNEMONIC, importedKeys: [`0x${'11'.repeat(32)}`] };
    expect((await restarted.of(otherKey, ACCOUNTS))({ index: 0, imported: true })).toBe(keys.walletOf(`0x${'11'.repeat(32)}`).address);
    const missing = { index: 1, imported: true as const };
    expect((await restarted.of(SECRET, [...ACCOUNTS, missing]))(missing)).toBeUndefined();
  });

  it('gives no address for an index that is not one of the phrase\'s accounts (a record a page planted), rather than failing for every account', async () => {
    const planted = [
      ...[-1, 1.5, 2 ** 31, 2 ** 40, null, '1'].map((index) => ({ index: index as number })),
      ...[-1, 'length', 'constructor'].map((index) => ({ index: index as number, imported: true as const })),
    ];
    const addressOf = await createKeyAddresses(typedStorage(memoryBackend(), KEY_ADDRESSES_DEFAULTS), load).of(SECRET, [...ACCOUNTS, ...planted]);
    expect(planted.map(addressOf)).toEqual(planted.map(() => undefined));
    expect(addressOf({ index: 1 })).toBe(keys.deriveWallet(MNEMONIC, 1).address);
  });
});
