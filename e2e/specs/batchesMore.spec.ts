/** More of EIP-5792: status privacy, showCallsStatus, gasLimitOverride, locked wallet, two tabs, worker restart. */
import { parseEther, toQuantity } from 'ethers';
import { stopServiceWorker } from '../fixtures/chromium';
import { chain } from '../fixtures/chain';
import { expect, test } from '../fixtures/test';
import { Dapp } from '../pages/dapp';
import { connect } from '../pages/flows';
import { ApprovalWindow, unlock } from '../pages/wallet';

const RECIPIENT = '0x000000000000000000000000000000000000cafE';

const sequential = (from: string, id: string, calls: unknown[]) => [{ version: '2.0.0', id, from, chainId: '0x7a69', atomicRequired: false, calls }];
const status = async (dapp: Dapp, id: string) => (await dapp.result<{ status: number }>('wallet_getCallsStatus', [id])).status;

test('only the origin that sent a batch can read it; showCallsStatus opens its activity', async ({ freshWallet, dapp, context, devnet }) => {
  void freshWallet;
  const [from] = await connect(dapp, context);
  const sending = dapp.request('wallet_sendCalls', sequential(from, 'mine', [{ to: RECIPIENT, value: '0x2' }]));
  await (await ApprovalWindow.next(context)).approve();
  await sending;
  await expect.poll(() => status(dapp, 'mine')).toBe(200);

  const other = new Dapp(await context.newPage());
  await other.page.goto(devnet.dappUrl.replace('127.0.0.1', 'localhost'));
  expect(await other.request('wallet_getCallsStatus', ['mine'])).toEqual({ error: { code: 5730, message: 'Unknown batch id mine' } });

  const opened = context.waitForEvent('page', { predicate: (p) => p.url().includes('popup.html?') });
  expect(await dapp.result('wallet_showCallsStatus', ['mine'])).toBeNull();
  const activity = await opened;
  await expect(activity.getByRole('listitem', { name: 'Batch mine' }).getByLabel('Status')).toHaveText('Confirmed');
});

test('gasLimitOverride sets that call’s gas limit', async ({ freshWallet, dapp, context }) => {
  void freshWallet;
  const [from] = await connect(dapp, context);
  const calls = [{ to: RECIPIENT, value: '0x1', capabilities: { gasLimitOverride: { value: '0x7a120' } } }, { to: RECIPIENT, value: '0x1' }];
  const sending = dapp.request('wallet_sendCalls', sequential(from, 'gas', calls));
  await (await ApprovalWindow.next(context)).approve();
  await sending;
  await expect.poll(() => status(dapp, 'gas')).toBe(200);
  const { receipts } = await dapp.result<{ receipts: { transactionHash: string }[] }>('wallet_getCallsStatus', ['gas']);
  const limits = await Promise.all(receipts.map(async (r) => (await chain().getTransaction(r.transactionHash))!.gasLimit));
  expect(limits[0]).toBe(500_000n);
  expect(limits[1]).toBeLessThan(500_000n);
});

test('a locked wallet asks to unlock, then shows the batch', async ({ freshWallet, dapp, context }) => {
  const [from] = await connect(dapp, context);
  await freshWallet.popup.lock();
  const sending = dapp.request('wallet_sendCalls', sequential(from, 'locked', [{ to: RECIPIENT, value: '0x3' }]));
  const approval = await ApprovalWindow.next(context);
  await unlock(approval.page);
  await approval.approve();
  expect(await sending).toEqual({ result: { id: 'locked', batchId: 'locked', status: 'pending' } });
  await expect.poll(() => status(dapp, 'locked')).toBe(200);
});

test('two tabs sending at once get consecutive nonces and both land', async ({ freshWallet, dapp, context, devnet }) => {
  const [from] = await connect(dapp, context);
  const second = new Dapp(await context.newPage());
  await second.page.goto(devnet.dappUrl);
  const first = dapp.request('wallet_sendCalls', sequential(from, 'tab-1', [{ to: RECIPIENT, value: '0x4' }, { to: RECIPIENT, value: '0x5' }]));
  const other = second.request('wallet_sendCalls', sequential(from, 'tab-2', [{ to: RECIPIENT, value: '0x6' }]));
  // Both wait in one approval window, whichever arrived first on top.
  const approval = await ApprovalWindow.next(context);
  await expect(approval.page.getByLabel('Queue')).toHaveText('Request 1 of 2');
  await approval.page.getByRole('button', { name: 'Approve' }).click();
  await expect(approval.page.getByLabel('Queue')).toHaveCount(0);
  await approval.approve();
  await Promise.all([first, other]);
  await expect.poll(async () => [await status(dapp, 'tab-1'), await status(second, 'tab-2')]).toEqual([200, 200]);
  expect(await chain().getTransactionCount(freshWallet.address)).toBe(3);
});

test('the worker stopped right after approval: the batch still completes, once', async ({ freshWallet, dapp, context }) => {
  const [from] = await connect(dapp, context);
  const before = await chain().getBalance(RECIPIENT);
  const calls = [{ to: RECIPIENT, value: toQuantity(parseEther('0.001')) }, { to: RECIPIENT, value: toQuantity(parseEther('0.002')) }];
  const sending = dapp.request('wallet_sendCalls', sequential(from, 'restart', calls));
  const approval = await ApprovalWindow.next(context);
  await approval.page.getByRole('button', { name: 'Approve' }).click();
  await stopServiceWorker(context, freshWallet.popup.page);
  // Wake the worker: whatever it had not finished, it resumes from storage.
  expect(await dapp.result('eth_chainId')).toBe('0x7a69');
  expect(await sending).toEqual({ result: { id: 'restart', batchId: 'restart', status: 'pending' } });
  await expect.poll(() => status(dapp, 'restart')).toBe(200);
  expect(await chain().getBalance(RECIPIENT)).toBe(before + parseEther('0.003'));
  expect(await chain().getTransactionCount(freshWallet.address)).toBe(2);
});

test('the worker died after the approval was taken but before anything was sent: it resumes and answers', async ({ freshWallet, dapp, context }) => {
  const [from] = await connect(dapp, context);
  const sending = dapp.request('wallet_sendCalls', sequential(from, 'cut', [{ to: RECIPIENT, value: '0x7' }, { to: RECIPIENT, value: '0x8' }]));
  const approval = await ApprovalWindow.next(context);
  await expect(approval.page.getByRole('button', { name: 'Approve' })).toBeVisible();
  // Storage exactly as the worker leaves it at that instant: approval taken, batch approved, nothing signed.
  await approval.page.evaluate(async () => {
    const storage = (globalThis as unknown as { chrome: { storage: { local: { get(k: string[]): Promise<Record<string, any>>; set(v: object): Promise<void> } } } }).chrome.storage.local;
    const { approvals, batches } = await storage.get(['approvals', 'batches']);
    const key = Object.keys(batches).find((k) => k.endsWith(' cut'))!;
    batches[key] = { ...batches[key], state: 'approved', replyTo: approvals[0].replyTo };
    await storage.set({ approvals: [], batches });
  });
  await stopServiceWorker(context, approval.page);
  expect(await dapp.result('eth_chainId')).toBe('0x7a69');
  expect(await sending).toEqual({ result: { id: 'cut', batchId: 'cut', status: 'pending' } });
  await expect.poll(() => status(dapp, 'cut')).toBe(200);
  expect(await chain().getTransactionCount(freshWallet.address)).toBe(2);
});
