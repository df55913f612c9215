/** A batch whose record was altered in storage (a content script on Firefox) before it is followed. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Hex } from '../../shared/params';
import { createSealer, memoryKeyStore } from '../storage/seal';
import { memoryBackend, typedStorage } from '../storage/typedStorage';
import { createPollLoops } from '../watch/pollLoop';
import type { BatchDeps } from './executors/executor';
import { followBatch } from './follow';
import { createBatchStore } from './store';
import { BATCHES_DEFAULTS, type BatchRecord, type BatchTransaction } from './types';

const ORIGIN = 'https://dapp.example';
const hashOf = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as Hex;
const sent = (n: number): BatchTransaction => ({ hash: hashOf(n), raw: '0x00', nonce: n, calls: [0], sent: true });

beforeEach(() => vi.useFakeTimers({ now: 0 }));
afterEach(() => vi.useRealTimers());

describe('following a batch altered in storage', () => {
  it('follows nothing of it: read unchecked, its planted transactions were each asked about on the chain\'s loop, and its chain checked by the firewall', async () => {
    const asked: string[] = [];
    // Each planted transaction has a receipt: a refresh writes it, and the store refuses the write (store.ts update).
    const receipt = { status: '0x1', logs: [], blockHash: `0x${'ab'.repeat(32)}`, blockNumber: '0x64', gasUsed: '0x5208' };
    const answers: Record<string, unknown> = { eth_blockNumber: '0x64', eth_getTransactionCount: '0x0', eth_getTransactionByHash: {}, eth_getTransactionReceipt: receipt };
    const node = async <T>(method: string, params: unknown[] = []): Promise<T> => {
      asked.push(method);
      return (method === 'eth_getTransactionReceipt' ? { ...receipt, transactionHash: params[0] } : answers[method]) as T;
    };
    const local = typedStorage(memoryBackend(), BATCHES_DEFAULTS);
    const batches = createBatchStore(local, createSealer(memoryKeyStore()));
    const loops = createPollLoops(async () => node, { setTimeout: (run, ms) => setTimeout(run, ms), clearTimeout: (h) => clearTimeout(h as number), now: () => Date.now() });
    const firewall = { check: vi.fn(async () => undefined) };
    const deps = { batches, loops, nodeFor: async () => node, detection: { stored: async () => undefined }, firewall } as unknown as BatchDeps;
    await batches.add({
      id: 'a', origin: ORIGIN, chainId: '0x7a69', from: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', atomic: false, upgrade: false, executor: 'sequential',
      calls: [{ to: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8', value: '0x1', data: '0x' }], gasLimits: ['0x5208'], state: 'sent', createdAt: 0, transactions: [sent(0)],
    });
    await local.update('batches', (all) => {
      const own = all[`${ORIGIN} a`];
      return { ...all, [`${ORIGIN} a`]: { ...own, transactions: Array.from({ length: 50 }, (_, i) => sent(i)) } as BatchRecord };
    });
    const following = followBatch(deps, ORIGIN, 'a');
    await vi.advanceTimersByTimeAsync(2000);
    await following;
    expect(asked).toEqual([]);
    expect(firewall.check).not.toHaveBeenCalled();
  });
});
