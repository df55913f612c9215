import { describe, expect, it } from 'vitest';
import type { RpcResponse } from '../../shared/protocol';
import { memoryBackend, typedStorage } from '../storage/local';
import { LOCAL_DEFAULTS } from '../storage/schema';
import { createApprovals } from './approvals';
import type { ReplyTarget } from './types';

function setup() {
  const local = typedStorage(memoryBackend(), LOCAL_DEFAULTS);
  const replies: { target: ReplyTarget; response: RpcResponse }[] = [];
  const window = { shown: 0, closed: 0 };
  const approvals = createApprovals({
    local,
    window: {
      show: async () => void window.shown++,
      restore: async () => undefined,
      close: async () => void window.closed++,
    },
    complete: async (record, decision) =>
      decision.approved ? { result: `${record.request.method}:${String(decision.value)}` } : { error: { code: 4001, message: 'User rejected the request' } },
    reply: async (target, response) => void replies.push({ target, response }),
  });
  // A second instance over the same storage stands for the worker after a restart.
  const restarted = () => createApprovals({ ...approvalsDeps(local, replies) });
  return { local, approvals, replies, window, restarted };
}

function approvalsDeps(local: ReturnType<typeof typedStorage<typeof LOCAL_DEFAULTS>>, replies: { target: ReplyTarget; response: RpcResponse }[]) {
  return {
    local,
    window: { show: async () => undefined, restore: async () => undefined, close: async () => undefined },
    complete: async () => ({ result: 'after restart' }),
    reply: async (target: ReplyTarget, response: RpcResponse) => void replies.push({ target, response }),
  };
}

const from = (n: number) => ({ origin: 'https://dapp.example', request: { method: `m${n}` }, replyTo: { tabId: 1, frameId: 0, requestId: `r${n}` } });

describe('approval queue', () => {
  it('keeps requests in order, persisted, and opens the window for each', async () => {
    const { approvals, window, local } = setup();
    await approvals.request('connect', from(1));
    await approvals.request('addChain', from(2));
    expect((await approvals.pending()).map((a) => a.request.method)).toEqual(['m1', 'm2']);
    expect((await local.get('approvals')).length).toBe(2);
    expect(window.shown).toBe(2);
  });

  it('answers the page of a settled request and closes the window when the queue is empty', async () => {
    const { approvals, replies, window } = setup();
    const first = await approvals.request('connect', from(1));
    const second = await approvals.request('connect', from(2));
    await approvals.settle(first.id, { approved: true, value: 'x' });
    expect(replies).toEqual([{ target: from(1).replyTo, response: { result: 'm1:x' } }]);
    expect(window.closed).toBe(0);
    await approvals.settle(second.id, { approved: false });
    expect(replies[1].response).toEqual({ error: { code: 4001, message: 'User rejected the request' } });
    expect(window.closed).toBe(1);
  });

  it('settles a request only once', async () => {
    const { approvals, replies } = setup();
    const record = await approvals.request('connect', from(1));
    const results = await Promise.allSettled([approvals.settle(record.id, { approved: true }), approvals.settle(record.id, { approved: true })]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(replies).toHaveLength(1);
  });

  it('rejects everything waiting when the window is closed', async () => {
    const { approvals, replies } = setup();
    await approvals.request('connect', from(1));
    await approvals.request('connect', from(2));
    await approvals.rejectAll();
    expect(replies.map((r) => r.response)).toEqual([
      { error: { code: 4001, message: 'User rejected the request' } },
      { error: { code: 4001, message: 'User rejected the request' } },
    ]);
    expect(await approvals.pending()).toEqual([]);
  });

  it('finishes a request persisted before a restart', async () => {
    const { approvals, replies, restarted } = setup();
    const record = await approvals.request('connect', from(1));
    await restarted().settle(record.id, { approved: true });
    expect(replies).toEqual([{ target: from(1).replyTo, response: { result: 'after restart' } }]);
  });
});
