/** Sending is idempotent, a refusal fails or keeps a batch as the node's words say, and Revert signs its type-4 transaction: on a fake node. */
import { Transaction, ZeroAddress } from 'ethers';
import { describe, expect, it } from 'vitest';
import { toHexTierFees } from '../fees';
import { runBatch, sendApproved } from '../run';
import { CallsStatus, batchStatus } from '../status';
import { refreshTransactions } from './transactionReceipts';
import { FROM, ORIGIN, receiptAt, setup } from './transactions.fixture';

describe('sending', () => {
  it('answers pending when the node did not answer, keeps the bytes, and sends the same bytes again later', async () => {
    const { chain, deps, stored } = await setup();
    chain.sendAnswer = 'unreachable';
    expect(await sendApproved(deps, ORIGIN, 'b')).toEqual({ id: 'b', batchId: 'b', status: 'pending' });
    const [tx] = (await stored()).transactions;
    expect(tx.sent).toBe(true);
    chain.sendAnswer = 'accept';
    await refreshTransactions(deps, await stored());
    expect(chain.broadcasts).toEqual([tx.hash, tx.hash]);
    expect(batchStatus(await stored())).toBe(CallsStatus.pending);
  });

  it('follows bytes a gateway answered in words nobody knows: pending, sent again by nonce, never failed while they may be relayed', async () => {
    const { chain, deps, stored } = await setup();
    chain.sendAnswer = 'upstream relay error 17';
    expect(await sendApproved(deps, ORIGIN, 'b')).toEqual({ id: 'b', batchId: 'b', status: 'pending' });
    const [tx] = (await stored()).transactions;
    expect(tx.sent).toBe(true);
    expect(batchStatus(await stored())).toBe(CallsStatus.pending);
    // The gateway relayed them after all: mined at the nonce, the batch is confirmed.
    chain.receipts.set(tx.hash, receiptAt(tx.hash, chain.head));
    await refreshTransactions(deps, await stored());
    expect(batchStatus(await stored())).toBe(CallsStatus.confirmed);
  });

  it('fails a batch whose bytes a node refused in the words nodes use (geth\'s txpool errors)', async () => {
    const { chain, deps, stored } = await setup();
    chain.sendAnswer = 'intrinsic gas too low';
    await expect(sendApproved(deps, ORIGIN, 'b')).rejects.toMatchObject({ message: 'intrinsic gas too low' });
    expect(batchStatus(await stored())).toBe(CallsStatus.offchainFailure);
  });

  it('keeps a signed batch the node refused, with its id: status 400, never signed again', async () => {
    const { chain, deps, stored } = await setup();
    chain.sendAnswer = 'insufficient funds for gas * price + value';
    await expect(sendApproved(deps, ORIGIN, 'b')).rejects.toMatchObject({ message: 'insufficient funds for gas * price + value' });
    const batch = await stored();
    expect(batch.transactions).toHaveLength(1);
    expect(batch.transactions[0].sent).toBe(false);
    expect(batchStatus(batch)).toBe(CallsStatus.offchainFailure);
    expect((await runBatch(deps, ORIGIN, 'b')).batch.transactions[0].hash).toBe(batch.transactions[0].hash);
  });

  it('signs with today\'s fees, never above the cap the user was shown', async () => {
    const { chain, deps, stored } = await setup({
      feeCaps: toHexTierFees({ low: { maxFeePerGas: 10n, maxPriorityFeePerGas: 1n }, market: { maxFeePerGas: 20n, maxPriorityFeePerGas: 2n }, aggressive: { maxFeePerGas: 30n, maxPriorityFeePerGas: 4n } }),
    });
    chain.baseFee = 1_000n;
    await sendApproved(deps, ORIGIN, 'b');
    const signed = Transaction.from((await stored()).transactions[0].raw);
    expect([signed.maxFeePerGas, signed.maxPriorityFeePerGas]).toEqual([20n, 2n]);
  });
});

describe('Revert to a plain account', () => {
  it('signs one type-4 transaction to the account itself authorizing address zero, at nonce + 1', async () => {
    const { chain, deps, stored } = await setup({ kind: 'revokeDelegation', calls: [{ to: FROM, value: '0x0', data: '0x' }], gasLimits: ['0xd7a0'] });
    await sendApproved(deps, ORIGIN, 'b');
    const [sent] = (await stored()).transactions;
    const tx = Transaction.from(sent.raw);
    expect([tx.type, tx.to, tx.value, tx.data]).toEqual([4, FROM, 0n, '0x']);
    expect(tx.authorizationList).toHaveLength(1);
    expect(tx.authorizationList![0].address).toBe(ZeroAddress);
    expect(tx.authorizationList![0].nonce).toBe(BigInt(tx.nonce + 1));
    expect(chain.broadcasts).toEqual([sent.hash]);
  });
});
