import { Transaction } from 'ethers';
import { describe, expect, it } from 'vitest';
import { RpcError } from '../../shared/errors';
import { deriveWallet } from '../accounts/keys';
import { createSealer, memoryKeyStore } from '../storage/seal';
import { memoryBackend, typedStorage } from '../storage/typedStorage';
import { BATCHES_DEFAULTS } from './types';
import type { BatchDeps } from './executors/executor';
import { runBatch, sendBatch } from './run';
import { createBatchStore } from './store';
import type { BatchRecord } from './types';
import { nodeSaid } from '../../shared/errors.fixture';

const MNEMONIC = 'test test test test test test test test test test test junk';
const FROM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

/** A node that takes the first `accepted` transactions, then answers `refusal` and reports nonce 5 as pending. */
function fakeNode(accepted: number, refusal: string | RpcError) {
  const sent: Transaction[] = [];
  const nonceReads = { count: 0 };
  const node = async <T>(method: string, params: unknown[] = []): Promise<T> => {
    switch (method) {
      case 'eth_getTransactionCount':
        nonceReads.count++;
        return '0x5' as T;
      case 'eth_getBlockByNumber': return { baseFeePerGas: '0x3b9aca00' } as T;
      case 'eth_maxPriorityFeePerGas': return '0x1' as T;
      case 'eth_getTransactionByHash': return null as T;
      case 'eth_getTransactionReceipt': return null as T;
      case 'eth_sendRawTransaction': {
        if (sent.length >= accepted) throw typeof refusal === 'string' ? nodeSaid(-32003, refusal) : refusal;
        sent.push(Transaction.from(params[0] as string));
        return sent.at(-1)!.hash as T;
      }
    }
    throw new Error(`unexpected ${method}`);
  };
  return { node, sent, nonceReads };
}

async function setup(accepted: number, refusal: string | RpcError, changes: Partial<BatchRecord> = {}) {
  const local = typedStorage(memoryBackend(), BATCHES_DEFAULTS);
  // The seal key and the ledger, kept across restarts (the extension's IndexedDB).
  const keys = memoryKeyStore();
  const batches = createBatchStore(local, createSealer(keys));
  const { node, sent, nonceReads } = fakeNode(accepted, refusal);
  // Asked once everything is signed, before the first transaction is marked sent.
  const beforeSending: (() => Promise<void>)[] = [];
  const marked: string[] = [];
  const deps = {
    batches,
    accounts: { signer: async () => deriveWallet(MNEMONIC, 0) },
    networks: {
      markWithoutEip7702: async (chainId: string) => void marked.push(chainId),
      sendsSync: async () => {
        for (const hook of beforeSending.splice(0)) await hook();
        return false;
      },
      markWithoutSyncSend: async () => undefined,
    },
    nodeFor: async () => node,
    bundlerFor: async () => node,
    // Following sent batches is tested in follow.test.ts.
    loops: { watch: () => () => undefined },
    detection: { stored: async () => undefined },
  } as unknown as BatchDeps;
  const batch: BatchRecord = {
    id: 'b', origin: 'https://dapp.example', chainId: '0x7a69', from: FROM, atomic: false, upgrade: false,
    calls: [{ to: TO, value: '0x1', data: '0x' }, { to: TO, value: '0x2', data: '0x' }], gasLimits: ['0x5208', '0x5208'],
    state: 'approved', transactions: [], createdAt: 0, ...changes,
  };
  await batches.add(batch);
  /** The worker after a restart: the same storage and key store, read afresh. */
  const restarted = () => ({ ...deps, batches: createBatchStore(local, createSealer(keys)) });
  return { deps, sent, nonceReads, local, beforeSending, restarted, marked };
}

describe('running a sequential batch', () => {
  it('sends every call once, with consecutive nonces from the pending count', async () => {
    const { deps, sent } = await setup(2, '');
    const { batch, error } = await runBatch(deps, 'https://dapp.example', 'b');
    expect(error).toBeUndefined();
    expect(batch.state).toBe('sent');
    expect(sent.map((t) => [t.nonce, t.value])).toEqual([[5, 1n], [6, 2n]]);
  });

  it('never re-signs once a call went out: a taken nonce later on stops the batch', async () => {
    const { deps, sent, nonceReads } = await setup(1, 'nonce too low');
    const { batch, error } = await runBatch(deps, 'https://dapp.example', 'b');
    expect(nonceReads.count).toBe(1);
    expect(sent.map((t) => [t.nonce, t.value])).toEqual([[5, 1n]]);
    expect(error?.message).toBe('nonce too low');
    expect(batch.state).toBe('failed');
    expect(batch.transactions.map((t) => t.sent)).toEqual([true, false]);
  });

  it('answers 5710 when the node refuses the upgrade\'s type-4 transaction, and marks the chain as without EIP-7702', async () => {
    const { deps, marked } = await setup(0, 'Eip7702 is not supported', { upgrade: true });
    const { batch, error } = await runBatch(deps, 'https://dapp.example', 'b');
    expect(error?.code).toBe(5710);
    expect(batch.state).toBe('failed');
    expect(marked).toEqual(['0x7a69']);
  });

  it('keeps a node\'s own message marked as the node\'s, so no screen says it as a sentence of the wallet\'s', async () => {
    const said = nodeSaid(-32000, 'intrinsic gas too low');
    const { deps } = await setup(0, said);
    const { batch } = await runBatch(deps, 'https://dapp.example', 'b');
    expect(batch).toMatchObject({ state: 'failed', error: said.message, errorBy: 'server' });
  });

  it('gives a dapp no provider code a node answered, and takes no decision of the wallet from it (5710 marks no chain)', async () => {
    for (const code of [4001, 4900, 5710]) {
      const { deps, marked } = await setup(0, nodeSaid(code, 'intrinsic gas too low'), { upgrade: true });
      const { batch, error } = await runBatch(deps, 'https://dapp.example', 'b');
      expect(error).toMatchObject({ code: -32000, message: 'intrinsic gas too low' });
      expect(batch).toMatchObject({ state: 'failed', errorBy: 'server' });
      expect(marked).toEqual([]);
    }
  });

  it('marks no refusal of the wallet\'s own words as a server\'s', async () => {
    const { deps } = await setup(1, 'nonce too low');
    const { batch } = await runBatch(deps, 'https://dapp.example', 'b');
    expect(batch.error).toBe('nonce too low');
    expect(batch.errorBy).toBeUndefined();
  });

  it('signs again once when the very first nonce was taken', async () => {
    const { deps, sent, nonceReads } = await setup(0, 'replacement transaction underpriced');
    const { error } = await runBatch(deps, 'https://dapp.example', 'b');
    expect(nonceReads.count).toBe(2);
    expect(sent).toEqual([]);
    expect(error?.message).toBe('replacement transaction underpriced');
  });

  it('signs and sends nothing for an approved batch whose calls were changed in storage', async () => {
    const { deps, sent, nonceReads, local } = await setup(2, '');
    await local.update('batches', (all) => ({ ...all, 'https://dapp.example b': { ...all['https://dapp.example b'], calls: [{ to: FROM, value: '0x99', data: '0x' }] } }));
    const planted = await deps.batches.stored('https://dapp.example', 'b');
    const { batch, error } = await runBatch(deps, 'https://dapp.example', 'b');
    expect(error?.message).toBe('The batch record was changed outside the wallet; nothing was signed or sent');
    // Nothing written on it either: the wallet's words or state on a planted record would read as the wallet's.
    expect([batch, await deps.batches.stored('https://dapp.example', 'b')]).toEqual([planted, planted]);
    expect(nonceReads.count).toBe(0);
    expect(sent).toEqual([]);
  });

  it('signs nothing the user did not approve when a content script put another waiting batch\'s record under the key of the one approved: its seal and revision are its own, so it read as the wallet\'s and was signed in its place', async () => {
    const drain: BatchRecord['calls'] = [{ to: FROM, value: '0x8ac7230489e80000', data: '0x' }];
    const { deps, sent, local } = await setup(2, '', { state: 'awaiting-approval', calls: drain, gasLimits: ['0x5208'], createdAt: Date.now() });
    await deps.batches.add({ ...(await deps.batches.get('https://dapp.example', 'b'))!, id: 'a', calls: [{ to: TO, value: '0x1', data: '0x' }], seal: undefined, revision: undefined } as BatchRecord);
    await local.update('batches', (all) => ({ ...all, 'https://dapp.example a': all['https://dapp.example b'] }));
    await sendBatch(deps, 'https://dapp.example', 'a').catch(() => undefined);
    expect(sent.map((tx) => tx.value)).not.toContain(10n ** 19n);
  });

  it.each([
    ['approved, nothing signed', 'before'],
    ['signed, nothing marked sent', 'signed'],
  ])('never signs a sent batch again: a copy of its %s record, written back, is refused after a restart', async (_what, when) => {
    const { deps, sent, nonceReads, local, beforeSending, restarted } = await setup(2, 'nonce too low');
    let copy = await local.get('batches');
    if (when === 'signed') beforeSending.push(async () => void (copy = await local.get('batches')));
    expect((await runBatch(deps, 'https://dapp.example', 'b')).batch.state).toBe('sent');
    expect([sent.length, nonceReads.count]).toEqual([2, 1]);
    await local.set('batches', copy);
    const { batch, error } = await runBatch(restarted(), 'https://dapp.example', 'b');
    expect(error?.message).toBe('The batch record was changed outside the wallet; nothing was signed or sent');
    expect(batch.state).not.toBe('sent');
    expect([sent.length, nonceReads.count]).toEqual([2, 1]);
  });
});
