/** The add-account page's methods: Ledger accounts added only from the wallet's pages, bounded and checked; balances read. */
import { describe, expect, it } from 'vitest';
import { LOCAL_DEVNET } from '../../shared/networks';
import type { Hex } from '../../shared/params';
import { createAccounts } from '../accounts/accounts';
import { ACCOUNTS_DEFAULTS } from '../accounts/storedAccounts';
import { KEY_ADDRESSES_DEFAULTS, createKeyAddresses } from '../accounts/keyAddresses';
import * as keys from '../accounts/keys';
import { requestBudget } from '../budget/requestBudget';
import { PERMISSIONS_DEFAULTS, createPermissions } from '../permissions/permissions';
import { runRequest } from '../rpc/pipeline';
import type { Services } from '../services';
import { memoryBackend, typedStorage } from '../storage/typedStorage';
import { decryptVault, encryptVault } from '../vault/crypto';
import { createVaultRewrite } from '../vault/rewrite';
import { UNLOCKED_DEFAULTS, VAULT_DEFAULTS, createVault } from '../vault/vault';
import { runPageRequest } from './pipeline';

const MNEMONIC = 'test test test test test test test test test test test junk';
const ACCOUNT_0 = keys.deriveWallet(MNEMONIC, 0).address as Hex;
const PASSWORD = 'correct horse';
const LEDGER = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';
const LEDGER_2 = '0x1aD91ee08f21bE3dE0BA2ba6918E714dA6B45836';

async function wallet({ unlocked = true } = {}) {
  const backend = memoryBackend();
  await backend.set({ vault: await encryptVault({ mnemonic: MNEMONIC }, PASSWORD, 1000) });
  const local = typedStorage(backend, VAULT_DEFAULTS);
  const session = typedStorage(memoryBackend(), UNLOCKED_DEFAULTS);
  const vault = createVault(local, session);
  if (unlocked) await vault.unlock(PASSWORD);
  const accounts = createAccounts(typedStorage(backend, ACCOUNTS_DEFAULTS), vault, async () => keys, createKeyAddresses(typedStorage(memoryBackend(), KEY_ADDRESSES_DEFAULTS), async () => keys));
  await accounts.reset(MNEMONIC);
  const asked: unknown[][] = [];
  const services = {
    vault,
    accounts,
    vaultRewrite: createVaultRewrite(local, session, vault, 8),
    permissions: createPermissions(typedStorage(backend, PERMISSIONS_DEFAULTS)),
    emit: async () => undefined,
    networks: { selected: async () => LOCAL_DEVNET },
    node: async (method: string, params: unknown[]) => (asked.push([method, ...params]), '0xde0b6b3a7640000'),
    requestBudget: requestBudget({ capacity: 10_000, perSecond: 10_000 }, () => 0),
  } as unknown as Services;
  const page = (method: string, params: unknown) =>
    runPageRequest({ type: 'page-request', method, params }, { services, lock: async () => undefined, touch: async () => undefined });
  return { services, page, asked, backend };
}

const add = (accounts: unknown, password = PASSWORD) => ({ accounts, password });

describe('addLedgerAccounts', () => {
  it('lists the accounts, keeps their address and path in the vault, and names them as asked', async () => {
    const { page, services, backend } = await wallet();
    const answer = await page('addLedgerAccounts', add([{ address: LEDGER, path: "44'/60'/0'/0/0", name: 'Cold' }, { address: LEDGER_2, path: "44'/60'/0'/1" }]));
    expect(answer).toEqual({ result: [{ address: LEDGER, name: 'Cold', ledger: true }, { address: LEDGER_2, name: 'Ledger 2', ledger: true }] });
    expect((await services.accounts.list()).map((a) => a.address)).toEqual([ACCOUNT_0, LEDGER, LEDGER_2]);
    const { vault } = await backend.get(['vault']);
    expect((await decryptVault(vault, PASSWORD)).ledgerAccounts).toEqual([{ address: LEDGER, path: "44'/60'/0'/0/0" }, { address: LEDGER_2, path: "44'/60'/0'/1" }]);
  });

  it.each([
    ['none', [], 'Add 1 to 20 Ledger accounts at a time'],
    ['more than 20', Array.from({ length: 21 }, () => ({ address: LEDGER, path: "44'/60'/0'/0/0" })), 'Add 1 to 20 Ledger accounts at a time'],
    ['a path of another family', [{ address: LEDGER, path: "44'/60'/0'/0/1" }], `accounts[0].path must be 44'/60'/i'/0/0 or 44'/60'/0'/i with i below 2^31, got "44'/60'/0'/0/1"`],
    ['an index of 2^31', [{ address: LEDGER, path: "44'/60'/2147483648'/0/0" }], `accounts[0].path must be 44'/60'/i'/0/0 or 44'/60'/0'/i with i below 2^31, got "44'/60'/2147483648'/0/0"`],
    ['an address without its checksum', [{ address: LEDGER.toLowerCase(), path: "44'/60'/0'/0/0" }], `accounts[0].address must be a checksummed address, got ${LEDGER.toLowerCase()}`],
    ['a name too long', [{ address: LEDGER, path: "44'/60'/0'/0/0", name: 'x'.repeat(41) }], 'An account name has 1 to 40 characters'],
    ['the same address twice', [{ address: LEDGER, path: "44'/60'/0'/0/0" }, { address: LEDGER, path: "44'/60'/0'/0/0" }], `${LEDGER} is already an account of this wallet`],
    ['an account of the wallet', [{ address: ACCOUNT_0, path: "44'/60'/0'/0/0" }], `${ACCOUNT_0} is already an account of this wallet`],
  ])('refuses %s (-32602), adding nothing', async (_, accounts, message) => {
    const { page, services } = await wallet();
    expect(await page('addLedgerAccounts', add(accounts))).toMatchObject({ error: { code: -32602, message } });
    expect((await services.accounts.list()).map((a) => a.address)).toEqual([ACCOUNT_0]);
  });

  it('refuses a wrong password (4100), adding nothing', async () => {
    const { page, services } = await wallet();
    expect(await page('addLedgerAccounts', add([{ address: LEDGER, path: "44'/60'/0'/0/0" }], 'wrong horse'))).toEqual({ error: { code: 4100, message: 'Incorrect password' } });
    expect((await services.accounts.list()).map((a) => a.address)).toEqual([ACCOUNT_0]);
  });

  it('refuses while locked (4100)', async () => {
    const { page } = await wallet({ unlocked: false });
    expect(await page('addLedgerAccounts', add([{ address: LEDGER, path: "44'/60'/0'/0/0" }]))).toEqual({ error: { code: 4100, message: 'Unlock the wallet first' } });
  });

  it('is not a dapp\'s method: the same call from a site is refused as any unknown method (4200), nothing added', async () => {
    const { services } = await wallet();
    const origin = 'https://dapp.example';
    const method = 'addLedgerAccounts';
    const answer = await runRequest({ method, params: [add([{ address: LEDGER, path: "44'/60'/0'/0/0" }])] }, { origin, method, replyTo: { tabId: 1, frameId: 0, origin, requestId: '1' }, services });
    expect(answer).toMatchObject({ error: { code: 4200 } });
    expect((await services.accounts.list()).map((a) => a.address)).toEqual([ACCOUNT_0]);
  });
});

describe('getBalances', () => {
  it('reads each address\'s balance on the selected network', async () => {
    const { page, asked } = await wallet();
    expect(await page('getBalances', { addresses: [LEDGER, LEDGER_2] })).toEqual({ result: ['0xde0b6b3a7640000', '0xde0b6b3a7640000'] });
    expect(asked).toEqual([['eth_getBalance', LEDGER, 'pending'], ['eth_getBalance', LEDGER_2, 'pending']]);
  });

  it('passes on only amounts: a node answering something else (a word, an object, null, a number past 256 bits) is an error, not shown', async () => {
    for (const answer of ['lots', { balance: 1 }, null, `0x1${'0'.repeat(64)}`]) {
      const { page, services } = await wallet();
      (services as unknown as { node: () => Promise<unknown> }).node = async () => answer;
      expect(await page('getBalances', { addresses: [LEDGER] })).toMatchObject({ error: { code: -32603, message: expect.stringContaining('eth_getBalance') } });
    }
  });

  it('refuses more than 10 addresses, or one that is not an address (-32602)', async () => {
    const { page, asked } = await wallet();
    expect(await page('getBalances', { addresses: Array.from({ length: 11 }, () => LEDGER) })).toEqual({ error: { code: -32602, message: 'Ask 1 to 10 balances at a time' } });
    expect(await page('getBalances', { addresses: ['0x12'] })).toMatchObject({ error: { code: -32602 } });
    expect(asked).toEqual([]);
  });
});
