/**
 * Sending through eth_sendRawTransactionSync (EIP-7966) and pre-confirmed receipts, on the faulty chain
 * (fixtures/faultyChain.ts): its proxy counts the methods the wallet calls, and can serve receipts of pooled
 * transactions before their block is sealed, as a flashblocks node does.
 */
import { parseEther, toQuantity } from 'ethers';
import { FAULTY_CHAIN_ID, batchOn, onFaultyChain, startFaultyChain, type FaultyChain } from '../fixtures/faultyChain';
import { expect, ONE_BROWSER, test } from '../fixtures/test';
import { ApprovalWindow } from '../pages/approval';
import type { Dapp } from '../pages/dapp';
import { WalletPopup } from '../pages/wallet';

const RECIPIENT = '0x000000000000000000000000000000000000bEEF';
const EMITTER = '0x0000000000000000000000000000000000001091';
const pay = (eth: string) => ({ to: RECIPIENT, value: toQuantity(parseEther(eth)) });
type CallsStatus = { status: number; receipts: { blockNumber: string }[]; capabilities?: { preconfirmed: boolean } };
const callsStatus = (dapp: Dapp, id: string) => dapp.result<CallsStatus>('wallet_getCallsStatus', [id]);

let chain: FaultyChain;
const sends = () => ({ sync: chain.proxy.received('eth_sendRawTransactionSync'), plain: chain.proxy.received('eth_sendRawTransaction') });
/** wallet_getCapabilities waits (briefly) for the facts detected when the chain was added, the sync send's among them. */
const detected = (dapp: Dapp, account: string) => dapp.result('wallet_getCapabilities', [account, [FAULTY_CHAIN_ID]]);

test.beforeAll(async () => {
  chain = await startFaultyChain();
});
test.afterEach(async () => chain.proxy.reset());
test.afterAll(async () => chain.stop());

test('a node with eth_sendRawTransactionSync: the batch goes out through it and is 200 as soon as the page has its answer', ONE_BROWSER, async ({ session, dapp }) => {
  // Served from the start: the wallet's detection, when the chain is added, finds the method.
  chain.proxy.set('eth_sendRawTransactionSync', 'forward');
  const account = await onFaultyChain(session, dapp, chain);
  await detected(dapp, account.address);
  const before = sends();
  const sending = dapp.request('wallet_sendCalls', batchOn(account.address, 'sync', [pay('0.001')]));
  await (await ApprovalWindow.next(session)).approve();
  expect(await sending).toEqual({ result: { id: 'sync', batchId: 'sync', status: 'pending' } });
  // The receipt came with the node's answer to the sending, before the page's.
  expect(await callsStatus(dapp, 'sync')).toMatchObject({ status: 200, capabilities: { preconfirmed: false } });
  expect(sends()).toEqual({ sync: before.sync + 1, plain: before.plain });
  expect(await chain.provider.getTransactionCount(account.address)).toBe(1);
});

test('a flashblocks node serves the receipt before the block is sealed: 200 pre-confirmed, in Activity too, until it is mined', ONE_BROWSER, async ({ session, dapp }) => {
  const account = await onFaultyChain(session, dapp, chain);
  await detected(dapp, account.address);
  // Blocks only from anvil_mine from here on (anvil cannot go back to 0.2 s blocks: this test and the next run last).
  await chain.send('evm_setIntervalMining', [0]);
  chain.proxy.set('eth_getTransactionReceipt', 'preconfirm');
  const sending = dapp.request('wallet_sendCalls', batchOn(account.address, 'early', [pay('0.001')]));
  await (await ApprovalWindow.next(session)).approve();
  await sending;
  // This node lacks eth_sendRawTransactionSync (the faulty chain's default): asked once, by detection; sent as before.
  expect(sends()).toEqual({ sync: 1, plain: 1 });

  await expect.poll(() => callsStatus(dapp, 'early')).toMatchObject({ status: 200, capabilities: { preconfirmed: true } });
  const building = toQuantity((await chain.provider.getBlockNumber()) + 1);
  expect((await callsStatus(dapp, 'early')).receipts[0].blockNumber).toBe(building);
  const popup = await WalletPopup.open(session);
  await popup.waitForBatchStatus('early', 'Pre-confirmed');

  await chain.send('anvil_mine', ['0x1']);
  await expect.poll(() => callsStatus(dapp, 'early')).toMatchObject({ status: 200, capabilities: { preconfirmed: false } });
  expect((await callsStatus(dapp, 'early')).receipts[0].blockNumber).toBe(building);
  await popup.waitForBatchStatus('early', 'Confirmed');
  expect(await chain.provider.getTransactionCount(account.address)).toBe(1);
});

test('a flashblocks node: a pendingLogs subscription sees a log before its block is sealed; chain_transactionStatus says Preconfirmed, then Included', ONE_BROWSER, async ({ session, dapp }) => {
  const account = await onFaultyChain(session, dapp, chain);
  // Blocks only from anvil_mine (as in the test above, which this one follows).
  await chain.send('evm_setIntervalMining', [0]);
  chain.proxy.set('eth_getTransactionReceipt', 'preconfirm');
  chain.proxy.set('eth_getLogs', 'preconfirm');
  await dapp.record('message');
  const subscription = await dapp.result<string>('eth_subscribe', ['pendingLogs', {}]);

  // A contract that emits one log (LOG0) when called, called by another wallet of the user's straight to the node.
  await chain.send('anvil_setCode', [EMITTER, '0x60006000a000']);
  const sent = await account.sendTransaction({ to: EMITTER, gasLimit: 100_000n });
  const sealedBefore = await chain.provider.getBlockNumber();
  const logs = async () => ((await dapp.events('message')) as { data: { subscription: string; result: { transactionHash: string; blockNumber: string } } }[])
    .filter((m) => m.data.subscription === subscription).map((m) => m.data.result);
  await expect.poll(logs).toEqual([expect.objectContaining({ transactionHash: sent.hash, blockNumber: toQuantity(sealedBefore + 1) })]);
  // Heard while the block was still being built.
  expect(await chain.provider.getBlockNumber()).toBe(sealedBefore);
  expect(await dapp.result('chain_transactionStatus', [sent.hash])).toEqual({ status: 'Preconfirmed', blockNumber: toQuantity(sealedBefore + 1), success: true });

  await chain.send('anvil_mine', ['0x1']);
  await expect.poll(() => dapp.result<{ status: string }>('chain_transactionStatus', [sent.hash])).toMatchObject({ status: 'Included', success: true });
  // Sealed, the same log is not sent again.
  expect(await logs()).toHaveLength(1);
});
