import { describe, expect, it } from 'vitest';
import type { Hex } from '../../shared/params';
import { memoryBackend, typedStorage } from '../storage/typedStorage';
import type { VaultSecret } from '../vault/crypto';
import { createAccounts } from './accounts';
import { ACCOUNTS_DEFAULTS, type AccountsSlice } from './storedAccounts';
import { KEY_ADDRESSES_DEFAULTS, createKeyAddresses } from './keyAddresses';
import * as keys from './keys';

const MNEMONIC = 'test test test test test test test test test test test junk';
const ACCOUNT_0 = keys.deriveWallet(MNEMONIC, 0).address as Hex;
const LEDGER = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F' as Hex;
const LEDGER_2 = '0x1aD91ee08f21bE3dE0BA2ba6918E714dA6B45836' as Hex;
const LIVE_0 = "44'/60'/0'/0/0";
const LIVE_1 = "44'/60'/1'/0/0";

/** A wallet with the phrase's first account and one Ledger account the vault holds; `secret` null: locked. */
async function setup(vaultLedger = [{ address: LEDGER, path: LIVE_0 }]) {
  const local = typedStorage<AccountsSlice>(memoryBackend(), ACCOUNTS_DEFAULTS);
  const session = typedStorage(memoryBackend(), KEY_ADDRESSES_DEFAULTS);
  const state: { secret: VaultSecret | null } = { secret: { mnemonic: MNEMONIC, ledgerAccounts: vaultLedger } };
  const make = () => createAccounts(local, { secret: async () => state.secret }, async () => keys, createKeyAddresses(session, async () => keys));
  const accounts = make();
  await accounts.reset(MNEMONIC);
  return { local, state, accounts, make };
}

describe('Ledger accounts', () => {
  it('are listed once added, with their path and no key, and named', async () => {
    const { accounts } = await setup();
    const [added] = await accounts.addLedger([{ address: LEDGER, path: LIVE_0, index: 0 }]);
    expect(added).toEqual({ address: LEDGER, index: 0, name: 'Ledger 1', ledgerPath: LIVE_0 });
    expect(await accounts.list()).toEqual([{ address: ACCOUNT_0, index: 0, name: 'Account 1' }, added]);
    expect(await accounts.ledgerPath(LEDGER)).toBe(LIVE_0);
    expect(await accounts.ledgerPath(ACCOUNT_0)).toBeUndefined();
  });

  it('are not counted as the phrase\'s: the next phrase account after one is the phrase\'s second', async () => {
    const { accounts } = await setup();
    await accounts.addLedger([{ address: LEDGER, path: LIVE_0, index: 0 }]);
    expect(await accounts.addNext(MNEMONIC)).toEqual({ address: keys.deriveWallet(MNEMONIC, 1).address, index: 1, name: 'Account 2' });
  });

  it('take the name given, and can be renamed', async () => {
    const { accounts } = await setup();
    await accounts.addLedger([{ address: LEDGER, path: LIVE_0, index: 0, name: 'Cold' }]);
    expect((await accounts.list())[1]?.name).toBe('Cold');
    await accounts.rename(LEDGER, 'Vault');
    expect((await accounts.list())[1]?.name).toBe('Vault');
  });

  it('are listed by a restarted worker (services made again over the same storage), and after verify at unlock', async () => {
    const { accounts, make } = await setup();
    await accounts.addLedger([{ address: LEDGER, path: LIVE_0, index: 0 }]);
    const restarted = make();
    await restarted.verify();
    expect((await restarted.list()).map((a) => [a.address, a.ledgerPath])).toEqual([[ACCOUNT_0, undefined], [LEDGER, LIVE_0]]);
    expect(await restarted.ledgerPath(LEDGER)).toBe(LIVE_0);
  });

  it('while unlocked, a record written to storage directly (planted) is not listed, nor a path for it given', async () => {
    const { accounts, local } = await setup();
    await local.update('accounts', (all) => [...all, { address: LEDGER_2, index: 1, name: 'Ledger 2', ledgerPath: LIVE_1 }]);
    expect((await accounts.list()).map((a) => a.address)).toEqual([ACCOUNT_0]);
    expect(await accounts.ledgerPath(LEDGER_2)).toBeUndefined();
    await expect(accounts.select(LEDGER_2)).rejects.toThrow(`${LEDGER_2} is not an account of this wallet`);
  });

  it('while unlocked, a record whose address or path is not the vault\'s at its index is dropped, at listing and at unlock', async () => {
    const { accounts, local } = await setup([{ address: LEDGER, path: LIVE_0 }, { address: LEDGER_2, path: LIVE_1 }]);
    await local.update('accounts', (all) => [
      ...all,
      { address: LEDGER, index: 1, name: 'Ledger 1', ledgerPath: LIVE_1 },
      { address: LEDGER_2, index: 1, name: 'Ledger 2', ledgerPath: LIVE_0 },
    ]);
    expect((await accounts.list()).map((a) => a.address)).toEqual([ACCOUNT_0]);
    await accounts.verify();
    expect((await local.get('accounts')).map((a) => a.address)).toEqual([ACCOUNT_0]);
  });

  it('a planted Ledger record naming the phrase\'s index 0 does not replace the phrase\'s account at unlock', async () => {
    const { accounts, local } = await setup([]);
    await local.update('accounts', (all) => [...all, { address: LEDGER, index: 0, name: 'Account 1', ledgerPath: LIVE_0 }]);
    await accounts.verify();
    expect(await local.get('accounts')).toEqual([{ address: ACCOUNT_0, index: 0, name: 'Account 1' }]);
  });

  it('while locked, are listed as stored (as the other accounts are), selectable', async () => {
    const { accounts, local, state } = await setup();
    await accounts.addLedger([{ address: LEDGER, path: LIVE_0, index: 0 }]);
    state.secret = null;
    expect((await accounts.list()).map((a) => a.address)).toEqual([ACCOUNT_0, LEDGER]);
    await accounts.select(LEDGER);
    expect(await local.get('selectedAccount')).toBe(LEDGER);
  });

  it('while locked, give no device path, not even a planted record\'s: only the vault names a Ledger account and its path', async () => {
    const { accounts, local, state } = await setup();
    await accounts.addLedger([{ address: LEDGER, path: LIVE_0, index: 0 }]);
    state.secret = null;
    await local.update('accounts', (all) => [...all, { address: LEDGER_2, index: 1, name: 'Ledger 2', ledgerPath: LIVE_1 }]);
    expect(await accounts.ledgerPath(LEDGER)).toBeUndefined();
    expect(await accounts.ledgerPath(LEDGER_2)).toBeUndefined();
  });

  it('have no signer in the wallet: asking one is refused with a coded error', async () => {
    const { accounts } = await setup();
    await accounts.addLedger([{ address: LEDGER, path: LIVE_0, index: 0 }]);
    await expect(accounts.signer(LEDGER)).rejects.toMatchObject({ code: 4200, message: `${LEDGER} is a Ledger account: it signs on the device, the wallet holds no key for it` });
  });
});
