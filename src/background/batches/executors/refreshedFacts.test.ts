/**
 * A refresh writes only what the chain said of each transaction onto the wallet's record. The follower starts from the
 * record as it reads it (followBatch), which a content script (storage.local, Firefox) may have swapped for its own
 * copy and then put the wallet's back before the update: the copy's other fields must not be sealed into the record.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Hex } from '../../../shared/params';
import { createSealer, memoryKeyStore } from '../../storage/seal';
import { memoryBackend, typedStorage } from '../../storage/typedStorage';
import { CallsStatus, batchStatus } from '../status';
import { createBatchStore } from '../store';
import { BATCHES_DEFAULTS, type BatchRecord } from '../types';
import type { BatchDeps } from './executor';
import { refreshTransactions } from './transactionReceipts';
import { refreshUserOperation } from './userOperationSend';

const SITE = 'https://dapp.example';
const FROM: Hex = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const hash = (c: string): Hex => `0x${c.repeat(64)}`;
const receipt = (status: Hex, of: Hex) => ({ logs: [], status, blockHash: hash('b'), blockNumber: '0x10' as Hex, gasUsed: '0x5208' as Hex, effectiveGasPrice: '0x1', transactionHash: of });

describe('a refresh of a sequential batch followed from a swapped copy', () => {
  it('keeps the wallet\'s own transactions as they were: a copy that said the reverted one replaced another had it left out, and the batch read 200', async () => {
    const batches = createBatchStore(typedStorage(memoryBackend(), BATCHES_DEFAULTS), createSealer(memoryKeyStore()));
    const tx = (c: string, nonce: number) => ({ hash: hash(c), raw: '0x00' as Hex, nonce, calls: [nonce], sent: true });
    await batches.add({
      id: 'order-1', origin: SITE, chainId: '0x7a69', from: FROM, atomic: false, upgrade: false, executor: 'sequential', state: 'sent', createdAt: 1,
      calls: [{ to: FROM, value: '0x0', data: '0x' }, { to: FROM, value: '0x0', data: '0x' }], gasLimits: ['0x5208', '0x5208'], transactions: [tx('1', 0), tx('2', 1)],
    });
    const own = (await batches.get(SITE, 'order-1'))!;
    // What the follower read: the copy, its second transaction (which reverts) "replacing" one that never was.
    const copy: BatchRecord = { ...own, transactions: [own.transactions[0], { ...own.transactions[1], replaces: hash('d') }] };
    const node = async <T>(method: string, params?: unknown[]): Promise<T> => {
      if (method === 'eth_blockNumber') return '0x20' as T;
      const [asked] = params as [Hex];
      return receipt(asked === hash('1') ? '0x1' : '0x0', asked) as T;
    };
    const written = await refreshTransactions({ batches } as unknown as BatchDeps, copy, node as never);
    expect(await batches.authentic(written)).toBe(true);
    expect(written.transactions[1].replaces).toBeUndefined();
    expect(batchStatus(written)).toBe(CallsStatus.partial);
  });
});

vi.mock('./userOperationOnChain', () => ({
  nonceUsed: async () => true,
  // The chain has a successful UserOperationEvent for the copy's hash only (another account's userOp, say).
  receiptOnChain: async (_node: unknown, op: string) =>
    (op === `0x${'c'.repeat(64)}` ? { logs: [], status: '0x1', blockHash: `0x${'b'.repeat(64)}`, blockNumber: '0x10', gasUsed: '0x1', transactionHash: `0x${'e'.repeat(64)}` } : null),
}));

describe('a refresh of a batch followed from a swapped copy naming a userOp', () => {
  it('writes nothing of the copy\'s userOp onto the wallet\'s record: an atomic batch took another\'s successful userOp and read 200', async () => {
    const batches = createBatchStore(typedStorage(memoryBackend(), BATCHES_DEFAULTS), createSealer(memoryKeyStore()));
    await batches.add({
      id: 'order-2', origin: SITE, chainId: '0x7a69', from: FROM, atomic: true, upgrade: false, executor: 'atomic', state: 'sent', createdAt: 1,
      calls: [{ to: FROM, value: '0x0', data: '0x' }], gasLimits: ['0x5208'], transactions: [{ hash: hash('1'), raw: '0x00', nonce: 0, calls: [0], sent: true, receipt: { ...receipt('0x0', hash('1')) } }],
    });
    const own = (await batches.get(SITE, 'order-2'))!;
    const copy = { ...own, executor: 'sponsored', userOperation: { op: { sender: FROM, nonce: '0x0' }, hash: hash('c'), sent: true } } as unknown as BatchRecord;
    const node = async <T>(method: string): Promise<T> => (method === 'eth_blockNumber' ? '0x20' : null) as T;
    const written = await refreshUserOperation({ batches } as unknown as BatchDeps, copy, async () => node as never, node as never);
    const stored = (await batches.get(SITE, 'order-2'))!;
    expect(stored.userOperation).toBeUndefined();
    expect(written.userOperation === undefined || !(await batches.authentic(written))).toBe(true);
    expect(batchStatus(stored)).toBe(CallsStatus.reverted);
  });
});
