import { describe, expect, it } from 'vitest';
import { memoryBackend, typedStorage } from '../storage/typedStorage';
import { BATCHES_DEFAULTS } from './types';
import { MAX_BATCHES, createBatchStore } from './store';
import type { BatchRecord } from './types';

const batch = (id: string, state: BatchRecord['state'], createdAt: number, origin = 'https://a.example'): BatchRecord => ({
  id, origin, chainId: '0x7a69', from: '0x00000000000000000000000000000000000000aa', atomic: false, upgrade: false,
  calls: [], gasLimits: [], state, transactions: [], createdAt,
});

describe('batch store', () => {
  it('keeps ids per origin: the same id from two sites, but not twice from one', async () => {
    const store = createBatchStore(typedStorage(memoryBackend(), BATCHES_DEFAULTS));
    expect(await store.add(batch('x', 'approved', 1))).toBe(true);
    expect(await store.add(batch('x', 'approved', 2, 'https://b.example'))).toBe(true);
    expect(await store.add(batch('x', 'approved', 3))).toBe(false);
  });

  it('when full, drops the oldest finished batches and never one still in flight', async () => {
    const store = createBatchStore(typedStorage(memoryBackend(), BATCHES_DEFAULTS));
    await store.add(batch('in-flight', 'sending', 0));
    for (let i = 1; i < MAX_BATCHES; i++) await store.add(batch(`done-${i}`, 'failed', i));
    await store.add(batch('new', 'awaiting-approval', MAX_BATCHES));
    const ids = (await store.all()).map((b) => b.id);
    expect(ids).toHaveLength(MAX_BATCHES);
    expect(ids).toContain('in-flight');
    expect(ids).toContain('new');
    expect(ids).not.toContain('done-1');
  });
});
