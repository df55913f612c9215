/**
 * removeAccount: a Ledger account or an imported key taken out of the vault and the list, from every site's accounts
 * and the selection; its waiting requests rejected. Only from the wallet's pages, with the password.
 */
import { Wallet, hexlify, toUtf8Bytes } from 'ethers';
import { describe, expect, it, vi } from 'vitest';
import type { Hex } from '../../shared/params';
import type { AccountsSlice } from '../accounts/storedAccounts';
import * as keys from '../accounts/keys';
import { LEDGER, PASSWORD, PATH, SITE, wallet } from '../rpc/deviceSigning.fixture';
import type { DeviceSigningSlice } from '../deviceSigning/types';
import type { RpcRequest } from '../../shared/protocol';
import { runRequest } from '../rpc/pipeline';
import type { TypedStorage } from '../storage/typedStorage';
import { decryptVault } from '../vault/crypto';

const MNEMONIC = 'test test test test test test test test test test test junk';
const ACCOUNT_0 = keys.deriveWallet(MNEMONIC, 0).address as Hex;
const KEY_1 = new Wallet('0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6');
const KEY_2 = new Wallet('0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a');
const OTHER_SITE = 'https://other.example';

/** The fixture's wallet with the phrase's first account listed too, and two imported keys; the Ledger account selected. */
async function withAccounts() {
  const w = await wallet();
  const local = w.services.settings as unknown as TypedStorage<AccountsSlice>;
  await w.services.vaultRewrite.rewrite(PASSWORD, (secret) => ({ ...secret, importedKeys: [KEY_1.privateKey, KEY_2.privateKey] }));
  await local.set('accounts', [
    { address: ACCOUNT_0, index: 0, name: 'Account 1' },
    { address: LEDGER, index: 0, name: 'Ledger 1', ledgerPath: PATH },
    { address: KEY_1.address as Hex, index: 0, name: 'Imported 1', imported: true },
    { address: KEY_2.address as Hex, index: 1, name: 'Imported 2', imported: true },
  ]);
  await w.services.permissions.grant(OTHER_SITE, [LEDGER, ACCOUNT_0]);
  const emitted: [string, string, unknown][] = [];
  vi.spyOn(w.services, 'emit').mockImplementation(async (origin, event, data) => void emitted.push([origin, event, data]));
  const send = (origin: string, request: RpcRequest) =>
    runRequest(request, { origin, method: request.method, replyTo: { tabId: 1, frameId: 0, origin, requestId: 'r' }, services: w.services }) as Promise<{ result?: unknown; error?: { code: number } }>;
  const remove = (address: string, password = PASSWORD) => w.page('removeAccount', { address, password }) as Promise<{ result?: unknown; error?: { code: number; message: string } }>;
  const listed = async () => (await w.services.accounts.list()).map((a) => a.address);
  const secret = async () => decryptVault(((await w.kept.localArea.get(['vault'])) as { vault: Parameters<typeof decryptVault>[0] }).vault, PASSWORD);
  return { ...w, send, remove, listed, secret, emitted };
}

describe('removeAccount', () => {
  it('takes a Ledger account out of the vault and the list, out of every site, moves the selection and tells each site', async () => {
    const w = await withAccounts();
    expect(await w.remove(LEDGER)).toEqual({ result: null });
    expect(await w.listed()).toEqual([ACCOUNT_0, KEY_1.address, KEY_2.address]);
    expect((await w.secret()).ledgerAccounts ?? []).toEqual([]);
    expect(await w.services.permissions.accountsOf(OTHER_SITE)).toEqual([ACCOUNT_0]);
    // SITE had only the Ledger account: it is no longer connected.
    expect(await w.services.permissions.accountsOf(SITE)).toEqual([]);
    expect(await w.services.accounts.selected()).toBe(ACCOUNT_0);
    expect(w.emitted).toEqual(expect.arrayContaining([[SITE, 'accountsChanged', []], [OTHER_SITE, 'accountsChanged', [ACCOUNT_0.toLowerCase()]]]));
    expect(await w.send(SITE, { method: 'eth_accounts' })).toEqual({ result: [] });
  });

  it("leaves the phrase's accounts at their indices: the account after a removed Ledger account is still listed and signs", async () => {
    const w = await withAccounts();
    const local = w.services.settings as unknown as TypedStorage<AccountsSlice>;
    const account1 = keys.deriveWallet(MNEMONIC, 1).address as Hex;
    await local.update('accounts', (all) => [...all, { address: account1, index: 1, name: 'Account 2' }]);
    expect(await w.remove(LEDGER)).toEqual({ result: null });
    expect(await w.listed()).toEqual([ACCOUNT_0, KEY_1.address, KEY_2.address, account1]);
    expect((await w.services.accounts.signer(account1)).address).toBe(account1);
  });

  it("rejects the account's waiting requests (4001) and drops what they asked of the device", async () => {
    const w = await withAccounts();
    const asked = await w.ask({ method: 'personal_sign', params: [hexlify(toUtf8Bytes('Hello')), LEDGER] });
    expect((await w.deviceRequest(asked.approvalId)).result).toBeTruthy();
    expect(await w.remove(LEDGER)).toEqual({ result: null });
    expect(await asked.reply()).toEqual({ error: { code: 4001, message: 'User rejected the request' } });
    expect(await w.services.approvals.pending()).toEqual([]);
    expect(((await w.kept.sessionArea.get(['deviceSignings'])) as Partial<DeviceSigningSlice>).deviceSignings ?? []).toEqual([]);
  });

  it('takes an imported key out of the vault; the key after it keeps its account, and still signs', async () => {
    const w = await withAccounts();
    expect(await w.remove(KEY_1.address)).toEqual({ result: null });
    expect(await w.listed()).toEqual([ACCOUNT_0, LEDGER, KEY_2.address]);
    expect((await w.secret()).importedKeys).toEqual([KEY_2.privateKey]);
    expect((await w.services.accounts.signer(KEY_2.address as Hex)).address).toBe(KEY_2.address);
    // The selection (the Ledger account) stays.
    expect(await w.services.accounts.selected()).toBe(LEDGER);
  });

  it.each([
    ['a wrong password', LEDGER, 'wrong horse battery', 4100, 'Incorrect password'],
    ["one of the phrase's accounts", ACCOUNT_0, PASSWORD, -32602, "is an account of the recovery phrase"],
    ['an address that is not an account', '0x000000000000000000000000000000000000dEaD', PASSWORD, -32602, 'is not an account of this wallet'],
  ])('refuses %s, and nothing changes', async (_what, address, password, code, words) => {
    const w = await withAccounts();
    const before = await w.secret();
    const answer = await w.remove(address, password);
    expect(answer.error?.code).toBe(code);
    expect(answer.error?.message).toContain(words);
    expect(await w.listed()).toEqual([ACCOUNT_0, LEDGER, KEY_1.address, KEY_2.address]);
    expect(await w.secret()).toEqual(before);
  });

  it('refuses the last account', async () => {
    const w = await wallet();
    expect(await w.page('removeAccount', { address: LEDGER, password: PASSWORD })).toMatchObject({ error: { code: -32602, message: expect.stringContaining('last account') } });
    expect((await w.services.accounts.list()).map((a) => a.address)).toEqual([LEDGER]);
  });

  it('refuses while locked (4100)', async () => {
    const w = await withAccounts();
    await w.services.vault.lock();
    expect((await w.remove(LEDGER)).error?.code).toBe(4100);
  });

  it('refuses params that are not an address and a password', async () => {
    const w = await withAccounts();
    expect(await w.page('removeAccount', { address: 'nope', password: PASSWORD })).toMatchObject({ error: { code: -32602 } });
    expect(await w.page('removeAccount', { address: LEDGER })).toMatchObject({ error: { code: -32602 } });
  });

  it("is not a site's method (4200)", async () => {
    const w = await withAccounts();
    expect((await w.send(SITE, { method: 'removeAccount', params: [{ address: LEDGER, password: PASSWORD }] })).error?.code).toBe(4200);
    expect(await w.listed()).toContain(LEDGER);
  });
});
