/**
 * An atomic batch of a Ledger account (the devnet's emulator in place of the device): the first upgrades the account to
 * the Ledger app's Simple7702Account, with its authorization and the type-4 transaction both signed on the device; the
 * next is one transaction to itself. A sponsored batch: the authorization and the userOp (as typed data) signed on the
 * device, the devnet's paymaster paying. What the site reads (capabilities, status) and the chain are checked.
 */
import { HDNodeWallet, Interface, Wallet, parseEther, toQuantity } from 'ethers';
import { DEVNET_MNEMONIC } from '../../devnet/constants';
import { LEDGER_7702_ACCOUNT, delegationCode } from '../../src/shared/contracts';
import { chain, fund, token } from '../fixtures/chain';
import { expect, test } from '../fixtures/test';
import { ApprovalWindow } from '../pages/approval';
import type { Dapp } from '../pages/dapp';
import { connect, finalStatus, sentId } from '../pages/flows';
import { PASSWORD } from '../pages/wallet';
import type { Screen } from '../driver/types';

/** Ledger Live's account 2 of the devnet phrase on the emulated device: neither a phrase account nor ledgerSigning's. */
const PATH = "44'/60'/2'/0/0";
const LEDGER = HDNodeWallet.fromPhrase(DEVNET_MNEMONIC, undefined, `m/${PATH}`).address;

async function emulator(url: string, method: 'GET' | 'POST', state?: Record<string, unknown>): Promise<{ signed: string[] }> {
  const response = await fetch(`${url}/state`, { method, ...(state ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(state) } : {}) });
  if (!response.ok) throw new Error(`emulator /state: ${response.status} ${await response.text()}`);
  return response.json() as Promise<{ signed: string[] }>;
}

const pageRequest = (screen: Screen, method: string, params: unknown) =>
  screen.evaluate(async ([method, params]) => {
    const api = (globalThis as any).browser ?? (globalThis as any).chrome;
    return api.runtime.sendMessage({ type: 'page-request', method, params });
  }, [method, params] as const);

/** Two ETH transfers to new addresses, atomically. */
function twoTransfers(dapp: Dapp) {
  const recipients = [Wallet.createRandom().address, Wallet.createRandom().address];
  const calls = recipients.map((to, i) => ({ to, value: toQuantity(parseEther('0.001') * BigInt(i + 1)) }));
  return { recipients, sending: dapp.request('wallet_sendCalls', [{ version: '2.0.0', from: LEDGER, chainId: '0x7a69', atomicRequired: true, calls }]) };
}

const atomicStatus = async (dapp: Dapp) => ((await dapp.result<Record<string, { atomic: { status: string } }>>('wallet_getCapabilities', [LEDGER, ['0x7a69']]))['0x7a69']).atomic.status;

test('a Ledger account: an atomic batch upgrades it on the device (authorization, then type 4), the next is one transaction; both 200', async ({ wallet, dapp, session, devnet }) => {
  await emulator(devnet.ledgerEmulatorUrl, 'POST', { reset: true });
  await fund(LEDGER, parseEther('1'), 0n);
  expect(await pageRequest(wallet.screen, 'addLedgerAccounts', { accounts: [{ address: LEDGER, path: PATH, name: 'Ledger 3' }], password: PASSWORD })).toMatchObject({ result: [{ address: LEDGER }] });
  expect(await pageRequest(wallet.screen, 'selectAccount', { address: LEDGER })).toEqual({ result: null });
  expect(await connect(dapp, session)).toEqual([LEDGER.toLowerCase()]);
  expect(await atomicStatus(dapp)).toBe('ready');

  // The emulator keeps what it signed across resets (one devnet serves the run): only what these batches add is read.
  const signedBefore = (await emulator(devnet.ledgerEmulatorUrl, 'GET')).signed.length;
  const first = twoTransfers(dapp);
  const upgrade = await ApprovalWindow.next(session);
  await upgrade.acceptUpgrade();
  await upgrade.approve();
  const upgraded = await finalStatus(dapp, sentId(await first.sending));
  expect({ status: upgraded.status, atomic: upgraded.atomic, receipts: upgraded.receipts.length }).toEqual({ status: 200, atomic: true, receipts: 1 });
  expect((await emulator(devnet.ledgerEmulatorUrl, 'GET')).signed.slice(signedBefore)).toEqual(['authorization', 'transaction']);
  expect((await chain().getCode(LEDGER)).toLowerCase()).toBe(delegationCode(LEDGER_7702_ACCOUNT));
  expect(await Promise.all(first.recipients.map((r) => chain().getBalance(r)))).toEqual([parseEther('0.001'), parseEther('0.002')]);
  expect(await atomicStatus(dapp)).toBe('supported');

  const second = twoTransfers(dapp);
  await (await ApprovalWindow.next(session)).approve();
  const delegated = await finalStatus(dapp, sentId(await second.sending));
  expect({ status: delegated.status, atomic: delegated.atomic, receipts: delegated.receipts.length }).toEqual({ status: 200, atomic: true, receipts: 1 });
  expect((await emulator(devnet.ledgerEmulatorUrl, 'GET')).signed.slice(signedBefore)).toEqual(['authorization', 'transaction', 'transaction']);
  expect(await Promise.all(second.recipients.map((r) => chain().getBalance(r)))).toEqual([parseEther('0.001'), parseEther('0.002')]);
});

test('a Ledger account whose app does not allow the upgrade: an atomic batch gets the words and 4001 on Reject; one that allows it runs sequentially, each call signed on the device; capabilities then say unsupported', async ({ wallet, dapp, session, devnet }) => {
  const path = "44'/60'/3'/0/0";
  const account = HDNodeWallet.fromPhrase(DEVNET_MNEMONIC, undefined, `m/${path}`).address;
  await emulator(devnet.ledgerEmulatorUrl, 'POST', { reset: true, smartAccountUpgrade: false });
  await fund(account, parseEther('1'), 0n);
  expect(await pageRequest(wallet.screen, 'addLedgerAccounts', { accounts: [{ address: account, path, name: 'Ledger 4' }], password: PASSWORD })).toMatchObject({ result: [{ address: account }] });
  expect(await pageRequest(wallet.screen, 'selectAccount', { address: account })).toEqual({ result: null });
  expect(await connect(dapp, session)).toEqual([account.toLowerCase()]);

  // The emulator keeps what it signed across resets: only what this batch adds is read.
  const signedBefore = (await emulator(devnet.ledgerEmulatorUrl, 'GET')).signed.length;
  const calls = [{ to: Wallet.createRandom().address, value: '0x1' }, { to: Wallet.createRandom().address, value: '0x2' }];
  const sending = dapp.request('wallet_sendCalls', [{ version: '2.0.0', from: account, chainId: '0x7a69', atomicRequired: true, calls }]);
  const window = await ApprovalWindow.next(session);
  await window.acceptUpgrade();
  await window.press('Approve');
  await window.screen.waitForText('Ledger', 'The Ethereum app does not allow this: for a smart-account upgrade, turn on "Smart account upgrade" in the app’s settings (the app only upgrades to the delegates it lists).');
  expect((await emulator(devnet.ledgerEmulatorUrl, 'GET')).signed).toHaveLength(signedBefore);
  await window.reject();
  expect(await sending).toMatchObject({ error: { code: 4001 } });
  expect(await chain().getCode(account)).toBe('0x');

  // Atomicity not required: the device refuses the upgrade again, and the calls go one transaction each, each confirmed there.
  const recipients = [Wallet.createRandom().address, Wallet.createRandom().address];
  const loose = dapp.request('wallet_sendCalls', [{ version: '2.0.0', from: account, chainId: '0x7a69', atomicRequired: false, calls: recipients.map((to, i) => ({ to, value: toQuantity(i + 1) })) }]);
  const second = await ApprovalWindow.next(session);
  await second.acceptUpgrade();
  await second.press('Approve');
  const status = await finalStatus(dapp, sentId(await loose));
  expect({ status: status.status, atomic: status.atomic, receipts: status.receipts.length }).toEqual({ status: 200, atomic: false, receipts: 2 });
  expect((await emulator(devnet.ledgerEmulatorUrl, 'GET')).signed.slice(signedBefore)).toEqual(['transaction', 'transaction']);
  expect(await Promise.all(recipients.map((r) => chain().getBalance(r)))).toEqual([1n, 2n]);
  expect(await chain().getCode(account)).toBe('0x');
  expect(((await dapp.result<Record<string, { atomic: { status: string } }>>('wallet_getCapabilities', [account, ['0x7a69']]))['0x7a69']).atomic.status).toBe('unsupported');
  await emulator(devnet.ledgerEmulatorUrl, 'POST', { reset: true });
});


test('a Ledger account with no ETH: a sponsored batch upgrades it and runs, signed on the device (authorization, then the userOp), the paymaster paying', async ({ wallet, dapp, session, devnet }) => {
  const path = "44'/60'/5'/0/0";
  const account = HDNodeWallet.fromPhrase(DEVNET_MNEMONIC, undefined, `m/${path}`).address;
  await emulator(devnet.ledgerEmulatorUrl, 'POST', { reset: true });
  await fund(account, 0n, 50n);
  expect(await pageRequest(wallet.screen, 'addLedgerAccounts', { accounts: [{ address: account, path, name: 'Ledger 6' }], password: PASSWORD })).toMatchObject({ result: [{ address: account }] });
  expect(await pageRequest(wallet.screen, 'selectAccount', { address: account })).toEqual({ result: null });
  expect(await connect(dapp, session)).toEqual([account.toLowerCase()]);
  expect(await dapp.result('wallet_getCapabilities', [account, ['0x7a69']])).toMatchObject({ '0x7a69': { paymasterService: { supported: true } } });

  const signedBefore = (await emulator(devnet.ledgerEmulatorUrl, 'GET')).signed.length;
  const recipient = Wallet.createRandom().address;
  const data = new Interface(['function transfer(address to, uint256 amount)']).encodeFunctionData('transfer', [recipient, 21n]);
  const sending = dapp.request('wallet_sendCalls', [{
    version: '2.0.0', from: account, chainId: '0x7a69', atomicRequired: true,
    calls: [{ to: devnet.addresses.testToken, value: '0x0', data }], capabilities: { paymasterService: { url: devnet.paymasterUrl } },
  }]);
  const window = await ApprovalWindow.next(session);
  await window.acceptUpgrade();
  await window.approve();
  const status = await finalStatus(dapp, sentId(await sending), 30_000);
  expect({ status: status.status, atomic: status.atomic, receipts: status.receipts.length }).toEqual({ status: 200, atomic: true, receipts: 1 });
  expect((await emulator(devnet.ledgerEmulatorUrl, 'GET')).signed.slice(signedBefore)).toEqual(['authorization', 'typedData']);
  expect(await token().balanceOf(recipient)).toBe(21n);
  expect(await chain().getBalance(account)).toBe(0n);
  expect((await chain().getCode(account)).toLowerCase()).toBe(delegationCode(LEDGER_7702_ACCOUNT));
});
