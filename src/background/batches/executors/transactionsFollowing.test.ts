/** Following sees reorgs and drops, and a lagging backend's missing receipt is neither: on a fake node. */
import { describe, expect, it } from 'vitest';
import { sendApproved } from '../run';
import { CallsStatus, DROP_AFTER_BLOCKS, FINAL_CONFIRMATIONS, batchStatus } from '../status';
import { refreshTransactions } from './transactionReceipts';
import { ORIGIN, receiptAt, setup } from './transactions.fixture';

describe('following', () => {
  it('takes a receipt away again, with the fee paid, when a reorg removes its block, until it is final', async () => {
    const { chain, deps, stored } = await setup();
    await sendApproved(deps, ORIGIN, 'b');
    const { hash } = (await stored()).transactions[0];
    chain.receipts.set(hash, receiptAt(hash, 100));
    await refreshTransactions(deps, await stored());
    expect(batchStatus(await stored())).toBe(CallsStatus.confirmed);
    expect(BigInt((await stored()).transactions[0].feePaid!)).toBe(21_000n * 1_000_000_000n);
    chain.receipts.delete(hash);
    chain.head = 101;
    await refreshTransactions(deps, await stored());
    expect(batchStatus(await stored())).toBe(CallsStatus.pending);
    expect((await stored()).transactions[0].feePaid).toBeUndefined();
    chain.receipts.set(hash, receiptAt(hash, 101));
    chain.head = 101 + FINAL_CONFIRMATIONS;
    await refreshTransactions(deps, await stored());
    expect((await stored()).transactions[0]).toMatchObject({ final: true, receipt: { blockNumber: '0x65' } });
  });

  it('drops a transaction whose nonce went to another one, after DROP_AFTER_BLOCKS blocks without a receipt', async () => {
    const { chain, deps, stored } = await setup();
    await sendApproved(deps, ORIGIN, 'b');
    chain.latestNonce = 6;
    await refreshTransactions(deps, await stored());
    expect(batchStatus(await stored())).toBe(CallsStatus.pending);
    chain.head += DROP_AFTER_BLOCKS;
    await refreshTransactions(deps, await stored());
    expect((await stored()).transactions[0].dropped).toBe(true);
    expect(batchStatus(await stored())).toBe(CallsStatus.offchainFailure);
  });

  it('keeps a receipt a node behind its block does not know yet (a lagging backend is no reorg)', async () => {
    const { chain, deps, stored } = await setup();
    await sendApproved(deps, ORIGIN, 'b');
    const { hash } = (await stored()).transactions[0];
    chain.receipts.set(hash, receiptAt(hash, 100));
    await refreshTransactions(deps, await stored());
    expect(batchStatus(await stored())).toBe(CallsStatus.confirmed);
    chain.head = 97;
    chain.laggingReceiptReads = 1;
    await refreshTransactions(deps, await stored());
    expect(batchStatus(await stored())).toBe(CallsStatus.confirmed);
  });

  it('reads the receipt again before calling a transaction dropped: a lagging backend\'s "no receipt" is not the last word', async () => {
    const { chain, deps, stored } = await setup();
    await sendApproved(deps, ORIGIN, 'b');
    const { hash } = (await stored()).transactions[0];
    chain.latestNonce = 6;
    chain.laggingReceiptReads = 1;
    await refreshTransactions(deps, await stored());
    chain.head += DROP_AFTER_BLOCKS;
    chain.receipts.set(hash, receiptAt(hash, 100));
    chain.laggingReceiptReads = 1;
    await refreshTransactions(deps, await stored());
    expect((await stored()).transactions[0].dropped).toBeUndefined();
    expect(batchStatus(await stored())).toBe(CallsStatus.confirmed);
  });
});
