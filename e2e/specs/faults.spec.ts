/**
 * The fault catalogue across the node: whatever the node does, no call runs twice and no request is lost. The wallet
 * reaches this chain only through a proxy the test steers (fixtures/faultyChain.ts).
 */
import { parseEther, toQuantity } from 'ethers';
import { FAULTY_CHAIN_ID, batchOn, onFaultyChain, startFaultyChain, type FaultyChain } from '../fixtures/faultyChain';
import { expect, ONE_BROWSER, test } from '../fixtures/test';
import { ApprovalWindow } from '../pages/approval';
import type { Dapp } from '../pages/dapp';

const RECIPIENT = '0x000000000000000000000000000000000000bEEF';
const status = async (dapp: Dapp, id: string) => (await dapp.result<{ status: number }>('wallet_getCallsStatus', [id])).status;
const pay = (eth: string) => ({ to: RECIPIENT, value: toQuantity(parseEther(eth)) });

let chain: FaultyChain;
test.beforeAll(async () => {
  chain = await startFaultyChain();
});
test.afterEach(async () => chain.proxy.reset());
test.afterAll(async () => chain.stop());

test('the node took the transactions but its answers were lost: the page gets the batch, each call runs once', ONE_BROWSER, async ({ session, dapp }) => {
  const account = await onFaultyChain(session, dapp, chain);
  const before = await chain.provider.getBalance(RECIPIENT);
  chain.proxy.set('eth_sendRawTransaction', 'lose-answer');
  const sending = dapp.request('wallet_sendCalls', batchOn(account.address, 'lost', [pay('0.001'), pay('0.002')]));
  await (await ApprovalWindow.next(session)).approve();
  expect(await sending).toEqual({ result: { id: 'lost', batchId: 'lost', status: 'pending' } });
  chain.proxy.set('eth_sendRawTransaction', 'forward');
  await expect.poll(() => status(dapp, 'lost')).toBe(200);
  expect(await chain.provider.getBalance(RECIPIENT)).toBe(before + parseEther('0.003'));
  expect(await chain.provider.getTransactionCount(account.address)).toBe(2);
});

test('the node was down when the batch went out: it is sent again once the node is back, and runs once', ONE_BROWSER, async ({ session, dapp }) => {
  const account = await onFaultyChain(session, dapp, chain);
  chain.proxy.set('eth_sendRawTransaction', 'down');
  const sending = dapp.request('wallet_sendCalls', batchOn(account.address, 'down', [pay('0.001')]));
  await (await ApprovalWindow.next(session)).approve();
  expect(await sending).toEqual({ result: { id: 'down', batchId: 'down', status: 'pending' } });
  expect(await status(dapp, 'down')).toBe(100);
  chain.proxy.set('eth_sendRawTransaction', 'forward');
  await expect.poll(() => status(dapp, 'down')).toBe(200);
  expect(await chain.provider.getTransactionCount(account.address)).toBe(1);
  // The same id again: the batch is known, its calls are not run again.
  expect(await dapp.request('wallet_sendCalls', batchOn(account.address, 'down', [pay('0.001')]))).toEqual({
    error: { code: 5720, message: `A batch with id down was already submitted by ${dapp.origin}` },
  });
});

test('a transaction whose nonce another one took is dropped: nothing of the batch is on chain, status 400', ONE_BROWSER, async ({ session, dapp }) => {
  const account = await onFaultyChain(session, dapp, chain);
  chain.proxy.set('eth_sendRawTransaction', 'swallow');
  const sending = dapp.request('wallet_sendCalls', batchOn(account.address, 'dropped', [pay('0.001')]));
  await (await ApprovalWindow.next(session)).approve();
  expect(await sending).toEqual({ result: { id: 'dropped', batchId: 'dropped', status: 'pending' } });
  // The same account, from another wallet, spends nonce 0 first.
  await (await account.sendTransaction({ to: account.address, value: 0n, nonce: 0, chainId: BigInt(FAULTY_CHAIN_ID) })).wait();
  await expect.poll(() => status(dapp, 'dropped'), { timeout: 20_000 }).toBe(400);
  chain.proxy.set('eth_sendRawTransaction', 'forward');
  expect(await chain.provider.getTransactionCount(account.address)).toBe(1);
});

test('a reorg takes the receipt away: the status goes back to 100, and the same transaction is mined again', ONE_BROWSER, async ({ session, dapp }) => {
  const account = await onFaultyChain(session, dapp, chain);
  // Blocks are mined by hand from here on (anvil cannot go back to 0.2 s blocks: this test runs last).
  await chain.send('evm_setIntervalMining', [0]);
  const sending = dapp.request('wallet_sendCalls', batchOn(account.address, 'reorg', [pay('0.001')]));
  await (await ApprovalWindow.next(session)).approve();
  await sending;
  await chain.send('anvil_mine', ['0x1']);
  await expect.poll(() => status(dapp, 'reorg')).toBe(200);
  const [first] = (await dapp.result<{ receipts: { transactionHash: string; blockHash: string }[] }>('wallet_getCallsStatus', ['reorg'])).receipts;
  await chain.send('anvil_reorg', [1, []]);
  await expect.poll(() => status(dapp, 'reorg')).toBe(100);
  await chain.send('anvil_mine', ['0x1']);
  await expect.poll(() => status(dapp, 'reorg')).toBe(200);
  const [again] = (await dapp.result<{ receipts: { transactionHash: string; blockHash: string }[] }>('wallet_getCallsStatus', ['reorg'])).receipts;
  expect(again.transactionHash).toBe(first.transactionHash);
  expect(again.blockHash).not.toBe(first.blockHash);
  expect(await chain.provider.getTransactionCount(account.address)).toBe(1);
});
