/** Sending is idempotent and following sees reorgs and drops: a fake node whose every answer a test sets. */
import { Transaction, ZeroAddress } from 'ethers';
import { describe, expect, it } from 'vitest';
import { ErrorCode, RpcError } from '../../../shared/errors';
import { DEVNET_BUILD_NETWORKS } from '../../../shared/networks';
import { deriveWallet } from '../../accounts/keys';
import { createSealer, memoryKeyStore } from '../../storage/seal';
import { memoryBackend, typedStorage } from '../../storage/typedStorage';
import { toHexTierFees } from '../fees';
import { runBatch, sendApproved } from '../run';
import { CallsStatus, DROP_AFTER_BLOCKS, FINAL_CONFIRMATIONS, batchStatus, preconfirmed } from '../status';
import { createBatchStore } from '../store';
import { BATCHES_DEFAULTS, type BatchRecord } from '../types';
import type { BatchDeps } from './executor';
import { planReplacement, replaceTransaction } from '../replace';
import { refreshTransactions } from './transactionReceipts';
import { createNetworks, NETWORKS_DEFAULTS } from '../../networks/registry';
import { nodeSaid } from '../../../shared/errors.fixture';

const ORIGIN = 'https://dapp.example';
const FROM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const receiptAt = (hash: string, block: number) => ({ logs: [], status: '0x1', blockHash: `0x${'ab'.repeat(32)}`, blockNumber: `0x${block.toString(16)}`, gasUsed: '0x5208', transactionHash: hash, effectiveGasPrice: '0x3b9aca00' });

/** The chain as a test sets it: the head, the account's nonces, what the node holds, and how sending answers. */
function fakeChain() {
  const chain = {
    head: 100,
    latestNonce: 5,
    baseFee: 1_000_000_000n,
    sendAnswer: 'accept' as 'accept' | 'unreachable' | string,
    /** How eth_sendRawTransactionSync answers (EIP-7966): a node without it, or the receipt, or its timeout. */
    sync: 'missing' as 'missing' | 'gateway' | 'receipt' | 'preconfirmed' | 'timeout',
    mempool: new Set<string>(),
    receipts: new Map<string, ReturnType<typeof receiptAt>>(),
    /** Transactions sent with eth_sendRawTransaction, and with eth_sendRawTransactionSync. */
    broadcasts: [] as string[],
    syncSends: [] as string[],
    /** Receipt reads still to reach a backend that lags behind (it answers null for what is mined). */
    laggingReceiptReads: 0,
    /** eth_estimateGas's answer; absent, the node cannot estimate. */
    estimate: undefined as bigint | undefined,
  };
  const node = async <T>(method: string, params: unknown[] = []): Promise<T> => {
    switch (method) {
      case 'eth_sendRawTransactionSync': {
        if (chain.sync === 'missing') throw nodeSaid(-32601, 'Method not found');
        // A gateway in front of the node, in its own words.
        if (chain.sync === 'gateway') throw nodeSaid(-32000, 'rpc method is not whitelisted');
        const hash = Transaction.from(params[0] as string).hash!;
        chain.syncSends.push(hash);
        if (chain.sendAnswer !== 'accept') throw nodeSaid(-32000, chain.sendAnswer);
        chain.mempool.add(hash);
        if (chain.sync === 'timeout') throw nodeSaid(4, 'The transaction was added to the mempool but wasn\'t processed in 2s.', hash);
        // Pre-confirmed: from the block the node is still building, one above its latest.
        const receipt = receiptAt(hash, chain.sync === 'preconfirmed' ? chain.head + 1 : chain.head);
        chain.receipts.set(hash, receipt);
        return receipt as T;
      }
      case 'eth_blockNumber': return `0x${chain.head.toString(16)}` as T;
      case 'eth_getTransactionCount': return `0x${chain.latestNonce.toString(16)}` as T;
      case 'eth_getBlockByNumber': return { baseFeePerGas: `0x${chain.baseFee.toString(16)}` } as T;
      case 'eth_maxPriorityFeePerGas': return '0x2' as T;
      case 'eth_estimateGas':
        if (chain.estimate === undefined) break;
        return `0x${chain.estimate.toString(16)}` as T;
      case 'eth_getTransactionByHash': return (chain.mempool.has(params[0] as string) ? {} : null) as T;
      case 'eth_getTransactionReceipt':
        if (chain.laggingReceiptReads > 0) return (chain.laggingReceiptReads--, null) as T;
        return (chain.receipts.get(params[0] as string) ?? null) as T;
      case 'eth_sendRawTransaction': {
        const hash = Transaction.from(params[0] as string).hash!;
        chain.broadcasts.push(hash);
        if (chain.sendAnswer === 'unreachable') throw new RpcError(ErrorCode.chainDisconnected, 'The node is unreachable');
        if (chain.sendAnswer !== 'accept') throw nodeSaid(-32000, chain.sendAnswer);
        chain.mempool.add(hash);
        return hash as T;
      }
    }
    throw new Error(`unexpected ${method}`);
  };
  return { chain, node };
}

async function setup(extra: Partial<BatchRecord> = {}) {
  const { chain, node } = fakeChain();
  const batches = createBatchStore(typedStorage(memoryBackend(), BATCHES_DEFAULTS), createSealer(memoryKeyStore()));
  const networks = createNetworks(typedStorage(memoryBackend(), NETWORKS_DEFAULTS), { builtIn: DEVNET_BUILD_NETWORKS, devnetBuild: true });
  const deps = {
    batches,
    accounts: { signer: async () => deriveWallet('test test test test test test test test test test test junk', 0) },
    networks,
    nodeFor: async () => node,
    bundlerFor: async () => node,
    // Following sent batches is tested in follow.test.ts.
    loops: { watch: () => () => undefined },
    detection: { stored: async () => undefined },
    transactionCode: { decodeTransaction: async (raw: string) => Transaction.from(raw) },
  } as unknown as BatchDeps;
  await batches.add({
    id: 'b', origin: ORIGIN, chainId: '0x7a69', from: FROM, atomic: false, upgrade: false,
    calls: [{ to: TO, value: '0x1', data: '0x' }], gasLimits: ['0x5208'], state: 'awaiting-approval', transactions: [], createdAt: 0, ...extra,
  });
  const stored = async () => (await batches.get(ORIGIN, 'b'))!;
  return { chain, deps, stored, networks };
}

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

describe('Speed up and Cancel', () => {
  const feesOf = (raw: string) => {
    const tx = Transaction.from(raw);
    return { nonce: tx.nonce, maxFeePerGas: tx.maxFeePerGas!, tip: tx.maxPriorityFeePerGas!, to: tx.to, value: tx.value };
  };

  it('sends a replacement at the same nonce with both fees ≥ +10%; the batch follows it, even through a refresh that started before', async () => {
    const { chain, deps, stored } = await setup();
    await sendApproved(deps, ORIGIN, 'b');
    const stale = await stored();
    const [original] = stale.transactions;
    const hash = await replaceTransaction(deps, ORIGIN, 'b', original.hash, 'speedUp');
    expect(chain.broadcasts).toEqual([original.hash, hash]);
    const [before, after] = (await stored()).transactions.map((t) => feesOf(t.raw));
    expect(after.nonce).toBe(before.nonce);
    expect(after.maxFeePerGas * 10n >= before.maxFeePerGas * 11n).toBe(true);
    expect(after.tip * 10n >= before.tip * 11n).toBe(true);
    expect([after.to, after.value]).toEqual([before.to, before.value]);

    chain.receipts.set(hash, receiptAt(hash, chain.head));
    chain.latestNonce = before.nonce + 1;
    // A follow loop that read the record before the Speed up stores what it saw; the link must survive it.
    await refreshTransactions(deps, stale);
    await refreshTransactions(deps, await stored());
    const batch = await stored();
    expect(batch.transactions[0].replacedBy).toBe(hash);
    expect(batchStatus(batch)).toBe(CallsStatus.confirmed);
    await expect(replaceTransaction(deps, ORIGIN, 'b', original.hash, 'cancel')).rejects.toThrow(/no longer pending/);
  });

  it('Cancel sends 0 to the account itself; once it lands the calls did not run (400)', async () => {
    const { chain, deps, stored } = await setup();
    await sendApproved(deps, ORIGIN, 'b');
    const [original] = (await stored()).transactions;
    const hash = await replaceTransaction(deps, ORIGIN, 'b', original.hash, 'cancel');
    const cancel = feesOf((await stored()).transactions[1].raw);
    expect([cancel.to, cancel.value, cancel.nonce]).toEqual([FROM, 0n, original.nonce]);
    chain.receipts.set(hash, receiptAt(hash, chain.head));
    await refreshTransactions(deps, await stored());
    expect(batchStatus(await stored())).toBe(CallsStatus.offchainFailure);
  });

  it('Cancel of a delegated account carries the gas its delegate\'s receive needs, as the review priced it, not 21,000', async () => {
    const { chain, deps, stored } = await setup();
    await sendApproved(deps, ORIGIN, 'b');
    const [original] = (await stored()).transactions;
    chain.estimate = 23_150n;
    const plan = await planReplacement(deps, ORIGIN, 'b', original.hash, 'cancel');
    expect(plan.gasLimit).toBe(27_780n);
    // The node's estimate moved since the review: the cancel carries what the user approved.
    chain.estimate = 40_000n;
    await replaceTransaction(deps, ORIGIN, 'b', original.hash, 'cancel', plan.tiers.market, plan.gasLimit);
    const cancel = Transaction.from((await stored()).transactions[1].raw);
    expect([cancel.to, cancel.value, cancel.data, cancel.gasLimit]).toEqual([FROM, 0n, '0x', 27_780n]);
  });

  it('prices every tier of the review ≥ +10% over the original, and signs exactly the fees approved', async () => {
    const { chain, deps, stored } = await setup();
    await sendApproved(deps, ORIGIN, 'b');
    const [original] = (await stored()).transactions;
    const before = feesOf(original.raw);
    // The market fell since: the replacement rule still wins over today's fees.
    chain.baseFee = 1n;
    const plan = await planReplacement(deps, ORIGIN, 'b', original.hash, 'speedUp');
    for (const tier of ['low', 'market', 'aggressive'] as const) {
      expect(plan.tiers[tier].maxFeePerGas * 10n >= before.maxFeePerGas * 11n).toBe(true);
      expect(plan.tiers[tier].maxPriorityFeePerGas * 10n >= before.tip * 11n).toBe(true);
    }
    expect(plan.gasLimit).toBe(0x5208n);
    expect(chain.broadcasts).toEqual([original.hash]);

    await replaceTransaction(deps, ORIGIN, 'b', original.hash, 'speedUp', plan.tiers.aggressive);
    const after = feesOf((await stored()).transactions[1].raw);
    expect([after.maxFeePerGas, after.tip]).toEqual([plan.tiers.aggressive.maxFeePerGas, plan.tiers.aggressive.maxPriorityFeePerGas]);
  });

  it('refuses approved fees that do not raise both by 10%, and a sponsored batch', async () => {
    const { deps, stored } = await setup();
    await sendApproved(deps, ORIGIN, 'b');
    const [original] = (await stored()).transactions;
    const before = feesOf(original.raw);
    await expect(replaceTransaction(deps, ORIGIN, 'b', original.hash, 'cancel', { maxFeePerGas: before.maxFeePerGas * 2n, maxPriorityFeePerGas: before.tip }))
      .rejects.toThrow(/at least 10%/);
    expect((await stored()).transactions).toHaveLength(1);
    await deps.batches.update(ORIGIN, 'b', (b) => ({ ...b, userOperation: { op: {} as never, hash: `0x${'11'.repeat(32)}`, sent: true } }));
    await expect(planReplacement(deps, ORIGIN, 'b', original.hash, 'cancel')).rejects.toThrow(/sponsored batch/);
  });

  it('forgets a replacement the node refused', async () => {
    const { chain, deps, stored } = await setup();
    await sendApproved(deps, ORIGIN, 'b');
    const [original] = (await stored()).transactions;
    chain.sendAnswer = 'nonce too low';
    await expect(replaceTransaction(deps, ORIGIN, 'b', original.hash, 'speedUp')).rejects.toThrow('nonce too low');
    const { transactions } = await stored();
    expect(transactions).toHaveLength(1);
    expect(transactions[0].replacedBy).toBeUndefined();
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
