import { describe, expect, it } from 'vitest';
import { cachedBackend } from '../storage/cachedBackend';
import { createSealer, memoryKeyStore } from '../storage/seal';
import { memoryBackend, typedStorage, type StorageBackend } from '../storage/typedStorage';
import { MAX_PENDING_PER_SITE, createApprovals } from './approvals';
import { ANSWERED_DEFAULTS, APPROVALS_DEFAULTS, PLANNING_DEFAULTS } from './types';

const from = (n: number) => ({ origin: 'https://dapp.example', method: `m${n}`, replyTo: { tabId: 1, frameId: 0, origin: 'https://dapp.example', requestId: `r${n}` } });
const DETAILS = {} as never;

/** The queue over the worker's cached storage, whose writes wait until `finish` says how they end. */
function setup() {
  const store = memoryBackend();
  const held: Array<(ok: boolean) => void> = [];
  const slowWrites: StorageBackend = {
    get: store.get,
    set: (items) => new Promise<void>((resolve, reject) => held.push((ok) => (ok ? store.set(items).then(resolve) : reject(new Error('quota exceeded'))))),
  };
  const shown: string[] = [];
  const closed: string[] = [];
  const approvals = createApprovals({
    local: typedStorage(cachedBackend(slowWrites, () => undefined), APPROVALS_DEFAULTS),
    session: typedStorage(memoryBackend(), { ...ANSWERED_DEFAULTS, ...PLANNING_DEFAULTS }),
    sealer: createSealer(memoryKeyStore()),
    window: { show: async (first) => void shown.push(first!.id), restore: async () => undefined, closeIfIdle: async (idle) => void ((await idle()) && closed.push(shown.at(-1)!)) },
    finisher: { onDecided: async () => ({ result: null }) },
    reply: async () => undefined,
  });
  const nextWrite = async (): Promise<(ok: boolean) => void> => {
    while (held.length === 0) await new Promise((resolve) => setTimeout(resolve));
    return held.shift()!;
  };
  return { approvals, shown, closed, nextWrite };
}

describe('the approval window opens while its request is stored', () => {
  it('opens before the write ends, and what its page then asks for holds the request', async () => {
    const { approvals, shown, nextWrite } = setup();
    let done = false;
    const asking = approvals.request('signMessage', from(1), DETAILS).finally(() => (done = true));
    const finish = await nextWrite();
    await new Promise((resolve) => setTimeout(resolve));
    expect(shown).toHaveLength(1);
    expect(done).toBe(false);
    // The window's page asks for the queue: it waits for the write rather than read the queue without the request.
    const pending = approvals.pending();
    finish(true);
    expect((await pending).map((a) => a.method)).toEqual(['m1']);
    expect(shown).toEqual([(await asking).id]);
  });

  it('opens no window for a request it refuses', async () => {
    const { approvals, shown, nextWrite } = setup();
    for (let n = 0; n < MAX_PENDING_PER_SITE; n++) {
      const asking = approvals.request('signMessage', from(n), DETAILS);
      (await nextWrite())(true);
      await asking;
    }
    await expect(approvals.request('signMessage', from(99), DETAILS)).rejects.toThrow(/requests waiting/);
    expect(shown).toHaveLength(MAX_PENDING_PER_SITE);
  });

  it('fails the request when it cannot be stored, and the queue its window reads does not hold it', async () => {
    const { approvals, nextWrite } = setup();
    const asking = approvals.request('signMessage', from(1), DETAILS);
    (await nextWrite())(false);
    await expect(asking).rejects.toThrow('quota exceeded');
    expect(await approvals.pending()).toEqual([]);
  });

  it('closes the window it opened for a request that could not be stored, once nothing else waits in it', async () => {
    const { approvals, shown, closed, nextWrite } = setup();
    const asking = approvals.request('signMessage', from(1), DETAILS);
    (await nextWrite())(false);
    await expect(asking).rejects.toThrow('quota exceeded');
    await new Promise((resolve) => setTimeout(resolve));
    expect(closed).toEqual(shown);

    // One that waits keeps the window open.
    const kept = approvals.request('signMessage', from(2), DETAILS);
    (await nextWrite())(true);
    await kept;
    const lost = approvals.request('signMessage', from(3), DETAILS);
    (await nextWrite())(false);
    await expect(lost).rejects.toThrow('quota exceeded');
    await new Promise((resolve) => setTimeout(resolve));
    expect(closed).toHaveLength(1);
  });
});
