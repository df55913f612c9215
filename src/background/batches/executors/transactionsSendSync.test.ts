/** Sending through eth_sendRawTransactionSync (EIP-7966) where the node has it, and eth_sendRawTransaction where it does not: on a fake node. */
import { describe, expect, it } from 'vitest';
import { sendApproved } from '../run';
import { CallsStatus, batchStatus, preconfirmed } from '../status';
import { refreshTransactions } from './transactionReceipts';
import { ORIGIN, TO, receiptAt, setup } from './transactions.fixture';

describe('sending through eth_sendRawTransactionSync (EIP-7966)', () => {
  it('stores the receipt the node answered with: status 200 without polling, nothing sent the other way', async () => {
    const { chain, deps, stored } = await setup();
    chain.sync = 'receipt';
    await sendApproved(deps, ORIGIN, 'b');
    const batch = await stored();
    expect(chain.syncSends).toEqual([batch.transactions[0].hash]);
    expect(chain.broadcasts).toEqual([]);
    expect(batch.transactions[0]).toMatchObject({ sent: true, receipt: { transactionHash: batch.transactions[0].hash } });
    expect([batchStatus(batch), preconfirmed(batch)]).toEqual([CallsStatus.confirmed, false]);
  });

  it('sends a sequential batch\'s last transaction through it, the earlier ones as before', async () => {
    const { chain, deps, stored } = await setup({ calls: [{ to: TO, value: '0x1', data: '0x' }, { to: TO, value: '0x2', data: '0x' }], gasLimits: ['0x5208', '0x5208'] });
    chain.sync = 'receipt';
    await sendApproved(deps, ORIGIN, 'b');
    const [first, last] = (await stored()).transactions;
    expect([chain.broadcasts, chain.syncSends]).toEqual([[first.hash], [last.hash]]);
  });

  it('a receipt from the block the node is still building is pre-confirmed until the node\'s latest block reaches it', async () => {
    const { chain, deps, stored } = await setup();
    chain.sync = 'preconfirmed';
    await sendApproved(deps, ORIGIN, 'b');
    expect([batchStatus(await stored()), preconfirmed(await stored())]).toEqual([CallsStatus.confirmed, true]);
    await refreshTransactions(deps, await stored());
    expect(preconfirmed(await stored())).toBe(true);
    chain.head += 1;
    await refreshTransactions(deps, await stored());
    expect([batchStatus(await stored()), preconfirmed(await stored())]).toEqual([CallsStatus.confirmed, false]);
  });

  it('on a node without the method sends with eth_sendRawTransaction, and does not ask that node again', async () => {
    const { chain, deps, stored, networks } = await setup();
    chain.sync = 'missing';
    expect(await networks.sendsSync('0x7a69')).toBe(true);
    await sendApproved(deps, ORIGIN, 'b');
    const [tx] = (await stored()).transactions;
    expect(chain.broadcasts).toEqual([tx.hash]);
    expect(await networks.sendsSync('0x7a69')).toBe(false);
    // Polled as before.
    expect(batchStatus(await stored())).toBe(CallsStatus.pending);
    chain.receipts.set(tx.hash, receiptAt(tx.hash, chain.head));
    await refreshTransactions(deps, await stored());
    expect(batchStatus(await stored())).toBe(CallsStatus.confirmed);
  });

  it('on a gateway that will not serve the method, in any words, sends with eth_sendRawTransaction and stops asking it', async () => {
    const { chain, deps, stored, networks } = await setup();
    chain.sync = 'gateway';
    expect(await sendApproved(deps, ORIGIN, 'b')).toEqual({ id: 'b', batchId: 'b', status: 'pending' });
    expect(chain.broadcasts).toEqual([(await stored()).transactions[0].hash]);
    expect(await networks.sendsSync('0x7a69')).toBe(false);
  });

  it('after the node\'s timeout (code 4) the transaction is followed by polling and never sent again', async () => {
    const { chain, deps, stored } = await setup();
    chain.sync = 'timeout';
    expect(await sendApproved(deps, ORIGIN, 'b')).toEqual({ id: 'b', batchId: 'b', status: 'pending' });
    const [tx] = (await stored()).transactions;
    expect(tx.sent).toBe(true);
    await refreshTransactions(deps, await stored());
    expect(batchStatus(await stored())).toBe(CallsStatus.pending);
    chain.receipts.set(tx.hash, receiptAt(tx.hash, chain.head));
    await refreshTransactions(deps, await stored());
    expect(batchStatus(await stored())).toBe(CallsStatus.confirmed);
    expect([chain.syncSends, chain.broadcasts]).toEqual([[tx.hash], []]);
  });

  it('a refusal is the same as eth_sendRawTransaction\'s: the page gets the error, the bytes are not marked sent', async () => {
    const { chain, deps, stored } = await setup();
    chain.sync = 'receipt';
    chain.sendAnswer = 'insufficient funds for gas * price + value';
    await expect(sendApproved(deps, ORIGIN, 'b')).rejects.toMatchObject({ message: 'insufficient funds for gas * price + value' });
    expect((await stored()).transactions[0].sent).toBe(false);
    expect(chain.broadcasts).toEqual([]);
  });
});
