/**
 * Chromium stopping the extension's service worker (as it does when idle; stopped here through CDP, which only
 * Chromium offers) and restarting on the same profile lose nothing: an open approval still answers the page, a batch
 * approved just before completes once, requests on their way are answered once, and records planted meanwhile are
 * never acted on. What the wallet keeps across a restart: stateSurvivesRestart.chromium.spec.ts.
 */
import { Wallet, parseEther, toQuantity } from 'ethers';
import { chain } from '../fixtures/chain';
import { FAULTY_CHAIN_ID, batchOn, onFaultyChain, startFaultyChain } from '../fixtures/faultyChain';
import { ACCOUNT_0, expect, test } from '../fixtures/test';
import { ApprovalWindow } from '../pages/approval';
import { Dapp } from '../pages/dapp';
import { connect } from '../pages/flows';

const RECIPIENT = '0x000000000000000000000000000000000000cafE';
/** Ledger Live's second account of the devnet phrase on the emulated device (the fresh wallets' phrases are others). */

const sequential = (from: string, id: string, calls: unknown[]) => [{ version: '2.0.0', id, from, chainId: '0x7a69', atomicRequired: false, calls }];
const status = async (dapp: Dapp, id: string) => (await dapp.result<{ status: number }>('wallet_getCallsStatus', [id])).status;

test('the worker stopped during an open approval: approving still settles the request', async ({ wallet, dapp, chromium }) => {
  void wallet;
  const connecting = dapp.request('eth_requestAccounts');
  const approval = await ApprovalWindow.next(chromium);
  await approval.screen.waitFor({ role: 'button', name: 'Connect' });

  await chromium.stopServiceWorker();

  await approval.connect();
  expect(await connecting).toEqual({ result: [ACCOUNT_0.toLowerCase()] });
  expect(await dapp.result('eth_accounts')).toEqual([ACCOUNT_0.toLowerCase()]);
});

test('the worker stopped during an open approval: closing the window still answers 4001', async ({ wallet, dapp, chromium }) => {
  void wallet;
  const connecting = dapp.request('eth_requestAccounts');
  const approval = await ApprovalWindow.next(chromium);
  await chromium.stopServiceWorker();
  await approval.close();
  expect(await connecting).toEqual({ error: { code: 4001, message: 'User rejected the request' } });
});

test('after a worker restart the wallet stays unlocked and the site connected', async ({ wallet, dapp, chromium }) => {
  void wallet;
  await connect(dapp, chromium);
  await chromium.stopServiceWorker();
  expect(await dapp.result('eth_accounts')).toEqual([ACCOUNT_0.toLowerCase()]);
  expect(await dapp.result('eth_chainId')).toBe('0x7a69');
});

test('the worker stopped right after approval: the batch still completes, once', async ({ freshWallet, dapp, chromium }) => {
  const [from] = await connect(dapp, chromium);
  const before = await chain().getBalance(RECIPIENT);
  const calls = [{ to: RECIPIENT, value: toQuantity(parseEther('0.001')) }, { to: RECIPIENT, value: toQuantity(parseEther('0.002')) }];
  const sending = dapp.request('wallet_sendCalls', sequential(from, 'restart', calls));
  const approval = await ApprovalWindow.next(chromium);
  await approval.press('Approve');
  await chromium.stopServiceWorker();
  // Wake the worker: whatever it had not finished, it resumes from storage.
  expect(await dapp.result('eth_chainId')).toBe('0x7a69');
  expect(await sending).toEqual({ result: { id: 'restart', batchId: 'restart', status: 'pending' } });
  await expect.poll(() => status(dapp, 'restart')).toBe(200);
  expect(await chain().getBalance(RECIPIENT)).toBe(before + parseEther('0.003'));
  expect(await chain().getTransactionCount(freshWallet.address)).toBe(2);
});

test('the worker stopped while the signed transaction was on its way: it is sent again, lands once, and the page gets its answer', async ({ dapp, chromium }) => {
  const faulty = await startFaultyChain();
  try {
    const account = await onFaultyChain(chromium, dapp, faulty);
    faulty.proxy.set('eth_sendRawTransaction', 'hold');
    const sending = dapp.request('wallet_sendCalls', batchOn(account.address, 'cut', [{ to: RECIPIENT, value: '0x7' }]));
    // The window stays open until the page has its answer, which waits on the held send.
    await (await ApprovalWindow.next(chromium)).press('Approve');
    await faulty.proxy.held('eth_sendRawTransaction');
    await chromium.stopServiceWorker();
    // The bytes never reached the node; the next worker finds them marked sent and sends them again.
    await faulty.proxy.release('eth_sendRawTransaction', 'nowhere');
    expect(await dapp.result('eth_chainId')).toBe(FAULTY_CHAIN_ID);
    expect(await sending).toEqual({ result: { id: 'cut', batchId: 'cut', status: 'pending' } });
    await expect.poll(() => status(dapp, 'cut')).toBe(200);
    expect(await faulty.provider.getTransactionCount(account.address)).toBe(1);
    expect(await faulty.provider.getBalance(RECIPIENT)).toBe(7n);
  } finally {
    await faulty.stop();
  }
});

test('the worker stopped with requests in flight: the read is sent again and answered, the signature is asked once', async ({ dapp, chromium }) => {
  const faulty = await startFaultyChain();
  try {
    const account = await onFaultyChain(chromium, dapp, faulty);
    faulty.proxy.set('eth_getBalance', 'hold');
    const reading = dapp.request('eth_getBalance', [account.address, 'latest']);
    await faulty.proxy.held('eth_getBalance');
    const signing = dapp.request('personal_sign', ['0x68656c6c6f', account.address]);
    const approval = await ApprovalWindow.next(chromium);
    await approval.screen.waitFor({ role: 'button', name: 'Sign' });

    await chromium.stopServiceWorker();
    // The stopped worker's read never comes back; the frame sends it again on a new port, and the new worker asks the node.
    await faulty.proxy.release('eth_getBalance', 'nowhere');
    expect(await reading).toEqual({ result: toQuantity(parseEther('10')) });
    // The signature request, sent again too, is the one already waiting: one request in the window, answered once.
    expect(await approval.screen.count('Queue')).toBe(0);
    await approval.sign();
    expect(await signing).toEqual({ result: expect.stringMatching(/^0x[0-9a-f]{130}$/) });
    expect(await chromium.countExtensionPages('approval.html')).toBe(0);
  } finally {
    await faulty.stop();
  }
});

test('records planted in storage are never acted on: a decided approval and its batch are dropped, nothing is sent', async ({ freshWallet, dapp, chromium }) => {
  const [from] = await connect(dapp, chromium);
  const attacker = '0x000000000000000000000000000000000000dEaD';
  const before = await chain().getBalance(attacker);
  // What a compromised page process could write if it reached storage: an approved batch to an attacker.
  await freshWallet.popup.screen.evaluate(async ({ from, origin, attacker }) => {
    type Area = { set(v: object): Promise<void> };
    const storage = (globalThis as unknown as { chrome: { storage: { local: Area } } }).chrome.storage.local;
    const replyTo = { tabId: 1, frameId: 0, origin, requestId: 'x' };
    const batch = { id: 'evil', origin, chainId: '0x7a69', from, atomic: false, upgrade: false, calls: [{ to: attacker, value: '0xde0b6b3a7640000', data: '0x' }], gasLimits: ['0x5208'], state: 'approved', transactions: [], createdAt: Date.now() };
    await storage.set({
      approvals: [{ id: 'evil', type: 'sendCalls', method: 'wallet_sendCalls', origin, replyTo, createdAt: Date.now(), details: { batchId: 'evil' }, decision: { approved: true } }],
      batches: { [`${origin} evil`]: batch },
    });
  }, { from, origin: dapp.origin, attacker });
  await chromium.stopServiceWorker();
  // Wakes the worker: net_version is answered there (eth_chainId may be answered by the frame's content script).
  expect(await dapp.result('net_version')).toBe('31337');
  await expect.poll(() => freshWallet.popup.screen.evaluate(async () =>
    ((await (globalThis as unknown as { chrome: { storage: { local: { get(k: string): Promise<{ approvals?: unknown[] }> } } } }).chrome.storage.local.get('approvals')).approvals ?? []).length, undefined)).toBe(0);
  expect(await chain().getTransactionCount(from, 'pending')).toBe(0);
  expect(await chain().getBalance(attacker)).toBe(before);
});

test('a sent batch is never sent again: copies of its approved record and decided approval, written back, are dropped at the next start', async ({ freshWallet, dapp, chromium }) => {
  const [from] = await connect(dapp, chromium);
  const recipient = Wallet.createRandom().address;
  type Area = { get(k: string): Promise<Record<string, unknown>>; set(v: object): Promise<void>; onChanged: { addListener(l: (c: Record<string, { newValue?: unknown }>) => void): void } };
  // What a page's content script on Firefox can watch and write: storage.local as the approval is decided.
  await freshWallet.popup.screen.evaluate(async () => {
    const storage = (globalThis as unknown as { chrome: { storage: { local: Area } } }).chrome.storage.local;
    const copies: Record<string, unknown> = {};
    (globalThis as unknown as { copies: Record<string, unknown> }).copies = copies;
    storage.onChanged.addListener((changes) => {
      const approvals = changes.approvals?.newValue as { decision?: unknown }[] | undefined;
      if (approvals?.some((a) => a.decision)) copies.approvals ??= approvals;
      const batches = changes.batches?.newValue as Record<string, { state: string }> | undefined;
      if (batches && Object.values(batches).some((b) => b.state === 'approved')) copies.batches ??= batches;
    });
  }, undefined);
  const sending = dapp.request('wallet_sendCalls', sequential(from, 'once', [{ to: recipient, value: toQuantity(parseEther('0.3')) }]));
  await (await ApprovalWindow.next(chromium)).approve();
  expect(await sending).toEqual({ result: { id: 'once', batchId: 'once', status: 'pending' } });
  await expect.poll(() => status(dapp, 'once')).toBe(200);
  const copies = await freshWallet.popup.screen.evaluate(async () => (globalThis as unknown as { copies: Record<string, unknown> }).copies, undefined);
  expect(Object.keys(copies).sort()).toEqual(['approvals', 'batches']);

  await freshWallet.popup.screen.evaluate(async (copies) => {
    await (globalThis as unknown as { chrome: { storage: { local: Area } } }).chrome.storage.local.set(copies);
  }, copies);
  await chromium.stopServiceWorker();
  // Wakes the worker, which resumes the decided approvals it finds.
  expect(await dapp.result('net_version')).toBe('31337');
  await expect.poll(() => freshWallet.popup.screen.evaluate(async () =>
    ((await (globalThis as unknown as { chrome: { storage: { local: Area } } }).chrome.storage.local.get('approvals')).approvals as unknown[] ?? []).length, undefined)).toBe(0);
  expect(await chain().getTransactionCount(from, 'pending')).toBe(1);
  expect(await chain().getBalance(recipient)).toBe(parseEther('0.3'));
});
