import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RpcResponse } from '../../shared/protocol';
import { createSealer, memoryKeyStore } from '../storage/seal';
import { memoryBackend, typedStorage } from '../storage/typedStorage';
import type { ReplyTarget } from '../transport/types';
import { MAX_PENDING, MAX_PENDING_BYTES, MAX_PENDING_PER_SITE, createApprovals, type ApprovalDeps } from './approvals';
import { siteOf } from '../sites/siteOf';
import { PLANNING_GRACE_MS } from './planning';
import { ANSWERED_DEFAULTS, APPROVALS_DEFAULTS, PLANNING_DEFAULTS, type ApprovalFinisher } from './types';

type Reply = { target: ReplyTarget; response: RpcResponse };

/** `complete` stands for the method table's finisher (rpc/pipeline.ts completeApproval); a second queue over the same storage is the worker after a restart. */
function setup(complete: ApprovalFinisher['onDecided'] = async (record, decision) =>
  decision.approved ? { result: `${record.method}:${String(decision.answer)}` } : { error: { code: 4001, message: 'User rejected the request' } }) {
  const local = typedStorage(memoryBackend(), APPROVALS_DEFAULTS);
  const session = typedStorage(memoryBackend(), { ...ANSWERED_DEFAULTS, ...PLANNING_DEFAULTS });
  // Kept across restarts (the extension's IndexedDB); each worker loads it afresh.
  const keys = memoryKeyStore();
  const replies: Reply[] = [];
  const window = { shown: 0, closed: 0, firsts: [] as (string | undefined)[], failing: false };
  const deps = (completer: ApprovalFinisher['onDecided']): ApprovalDeps => ({
    local,
    session,
    sealer: createSealer(keys),
    window: {
      show: async (first) => {
        if (window.failing) throw new Error('no window');
        window.shown++;
        window.firsts.push(first?.id);
      },
      restore: async () => undefined,
      closeIfIdle: async (isIdle) => void (window.closed += (await isIdle()) ? 1 : 0),
    },
    finisher: { onDecided: completer },
    reply: async (target, response) => void replies.push({ target, response }),
  });
  return {
    local, session, replies, window,
    approvals: createApprovals(deps(complete)),
    restarted: () => createApprovals(deps(async () => ({ result: 'after restart' }))),
    /** A queue whose finishing never ends: the worker stops in the middle of it. */
    stalled: () => createApprovals(deps(() => new Promise<RpcResponse>(() => undefined))),
  };
}

/** What the screens show does not matter to the queue. */
const DETAILS = {} as never;

const from = (n: number) => ({ origin: 'https://dapp.example', method: `m${n}`, replyTo: { tabId: 1, frameId: 0, origin: 'https://dapp.example', requestId: `r${n}` } });

describe('approval queue', () => {
  it('lists requests as the worker received them, not as they were queued: one that arrived first but was planned longer goes first, and the window opens on it', async () => {
    const { approvals, window } = setup();
    const later = await approvals.request('signMessage', { ...from(2), receivedAt: 200 }, DETAILS);
    const earlier = await approvals.request('signMessage', { ...from(1), receivedAt: 100 }, DETAILS);
    expect((await approvals.pending()).map((a) => a.id)).toEqual([earlier.id, later.id]);
    expect(window.firsts).toEqual([later.id, earlier.id]);
  });

  it('knows a request asked before, by frame and request id: waiting, or its answer (a resent request is not asked twice)', async () => {
    const { approvals } = setup();
    const record = await approvals.request('signMessage', from(1), DETAILS);
    expect(await approvals.earlier(from(1).replyTo)).toBe('waiting');
    expect(await approvals.earlier({ ...from(1).replyTo, frameId: 3 })).toBeUndefined();
    expect(await approvals.earlier(from(2).replyTo)).toBeUndefined();
    await approvals.settle(record.id, { approved: true, answer: 'x' });
    expect(await approvals.pending()).toEqual([]);
    // Answered, but the frame may not have heard it: sent again, it gets the same answer.
    expect(await approvals.earlier(from(1).replyTo)).toEqual({ result: 'm1:x' });
    // The wallet's own requests (the popup's sends: no tab) are never resent, so never remembered.
    const own = { origin: 'chrome-extension://wallet', method: 'eth_sendTransaction', replyTo: { tabId: -1, frameId: 0, origin: 'chrome-extension://wallet', requestId: '' } };
    const mine = await approvals.request('sendTransaction', own, DETAILS);
    expect(await approvals.earlier(own.replyTo)).toBeUndefined();
    await approvals.settle(mine.id, { approved: true, answer: 'market' });
    expect(await approvals.earlier(own.replyTo)).toBeUndefined();
  });

  it('keeps requests in order, persisted, and opens the window for each', async () => {
    const { approvals, window, local } = setup();
    await approvals.request('connect', from(1), DETAILS);
    await approvals.request('addChain', from(2), DETAILS);
    expect((await approvals.pending()).map((a) => a.method)).toEqual(['m1', 'm2']);
    expect((await local.get('approvals')).length).toBe(2);
    expect(window.shown).toBe(2);
  });

  it('names to the window the request it shows first: the new one, or the one waiting before it', async () => {
    const { approvals, window } = setup();
    const first = await approvals.request('connect', from(1), DETAILS);
    const second = await approvals.request('signMessage', from(2), DETAILS);
    await approvals.settle(first.id, { approved: false });
    await approvals.request('addChain', from(3), DETAILS);
    expect(window.firsts).toEqual([first.id, first.id, second.id]);
  });

  it('answers the page of a settled request and closes the window when the queue is empty', async () => {
    const { approvals, replies, window } = setup();
    const first = await approvals.request('connect', from(1), DETAILS);
    const second = await approvals.request('signMessage', from(2), DETAILS);
    await approvals.settle(first.id, { approved: true, answer: 'x' });
    expect(replies).toEqual([{ target: from(1).replyTo, response: { result: 'm1:x' } }]);
    expect(window.closed).toBe(0);
    await approvals.settle(second.id, { approved: false });
    expect(replies[1].response).toEqual({ error: { code: 4001, message: 'User rejected the request' } });
    expect(window.closed).toBe(1);
  });

  it('settles a request only once', async () => {
    const { approvals, replies } = setup();
    const record = await approvals.request('connect', from(1), DETAILS);
    const results = await Promise.allSettled([approvals.settle(record.id, { approved: true }), approvals.settle(record.id, { approved: true })]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(replies).toHaveLength(1);
  });

  it('rejects everything waiting when the window is closed', async () => {
    const { approvals, replies } = setup();
    await approvals.request('connect', from(1), DETAILS);
    await approvals.request('signMessage', from(2), DETAILS);
    await approvals.rejectAll();
    expect(replies.map((r) => r.response)).toEqual([
      { error: { code: 4001, message: 'User rejected the request' } },
      { error: { code: 4001, message: 'User rejected the request' } },
    ]);
    expect(await approvals.pending()).toEqual([]);
  });

  it('holds one connect request per site, and at most 10 waiting requests per site', async () => {
    const { approvals } = setup();
    await approvals.request('connect', from(1), DETAILS);
    await expect(approvals.request('connect', from(2), DETAILS)).rejects.toMatchObject({ code: -32002 });
    for (let n = 0; n < 9; n++) await approvals.request('signMessage', from(n), DETAILS);
    await expect(approvals.request('signMessage', from(99), DETAILS)).rejects.toMatchObject({ code: -32002, message: /already has 10 requests waiting/ });
    await approvals.request('signMessage', { ...from(100), origin: 'https://other.example' }, DETAILS);
  });

  it('counts the 10 waiting requests per site: a page\'s subdomain frames share its cap, another site keeps its own', async () => {
    const { approvals } = setup();
    const at = (n: number, origin: string) => ({ ...from(n), origin, replyTo: { ...from(n).replyTo, origin } });
    for (let n = 0; n < MAX_PENDING_PER_SITE; n++) await approvals.request('signMessage', at(n, `https://s${n}.dapp.example`), DETAILS);
    await expect(approvals.request('signMessage', at(99, 'https://new.dapp.example'), DETAILS)).rejects.toMatchObject({ code: -32002, message: /dapp\.example already has 10 requests waiting/ });
    await approvals.request('signMessage', at(100, 'https://dapp.github.io'), DETAILS);
    await approvals.request('signMessage', at(101, 'https://other.github.io'), DETAILS);
  });

  it('counts them per site even when more origins than the worker remembers the site of were looked up meanwhile', async () => {
    const { approvals, local } = setup();
    const at = (n: number, origin: string) => ({ ...from(n), origin, replyTo: { ...from(n).replyTo, origin } });
    for (let n = 0; n < MAX_PENDING_PER_SITE; n++) await approvals.request('signMessage', at(n, `https://s${n}.dapp.example`), DETAILS);
    // Other frames' requests look up 1,100 other origins while the next request is being queued.
    const update = local.update.bind(local);
    local.update = async (key, edit) => {
      await Promise.all(Array.from({ length: 1100 }, (_, i) => siteOf(`https://x.site${i}.example`)));
      return update(key, edit);
    };
    await expect(approvals.request('signMessage', at(99, 'https://new.dapp.example'), DETAILS)).rejects.toMatchObject({ code: -32002, message: /dapp\.example already has 10 requests waiting/ });
  });

  it('keep pages\' waiting requests within MAX_PENDING_BYTES as stored (UTF-8), whatever characters their text is in', async () => {
    const { approvals, local } = setup();
    // Typed data's strings in CJK: three bytes each as stored, one character in JavaScript.
    const text = { message: '一'.repeat(100_000) } as never;
    for (let n = 0; n < MAX_PENDING; n++) {
      const asked = await approvals.request('signTypedData', { ...from(n), origin: `https://s${n}.example` }, text).then(() => true, () => false);
      if (!asked) break;
    }
    expect(new TextEncoder().encode(JSON.stringify(await local.get('approvals'))).length).toBeLessThanOrEqual(MAX_PENDING_BYTES);
  });

  it('answers the page with an error when finishing the request fails', async () => {
    const { approvals, replies } = setup(async () => {
      throw new Error('The wallet is locked');
    });
    const record = await approvals.request('connect', from(1), DETAILS);
    await approvals.settle(record.id, { approved: true });
    expect(replies).toEqual([{ target: from(1).replyTo, response: { error: { code: -32603, message: 'Internal error: The wallet is locked' } } }]);
  });

  it('a request the user decided just before the worker stopped is finished on the next start', async () => {
    const { approvals, replies, local, restarted, stalled } = setup();
    const record = await approvals.request('connect', from(1), DETAILS);
    // The worker stops after storing the decision, while finishing.
    void stalled().settle(record.id, { approved: true });
    await expect.poll(async () => (await local.get('approvals'))[0].decision).toEqual({ approved: true });
    expect(await approvals.pending()).toEqual([]);
    await restarted().resume();
    expect(replies).toEqual([{ target: from(1).replyTo, response: { result: 'after restart' } }]);
    expect(await local.get('approvals')).toEqual([]);
    await expect(approvals.settle(record.id, { approved: true })).rejects.toThrow('No pending approval');
  });

  it('finishes a request persisted before a restart', async () => {
    const { approvals, replies, restarted } = setup();
    const record = await approvals.request('connect', from(1), DETAILS);
    await restarted().settle(record.id, { approved: true });
    expect(replies).toEqual([{ target: from(1).replyTo, response: { result: 'after restart' } }]);
  });

  it('never finishes a decided record it did not write (planted or altered in storage), and drops it', async () => {
    const { approvals, replies, local, restarted, stalled } = setup();
    const planted = { id: 'x', type: 'signMessage', method: 'personal_sign', origin: 'https://evil.example', replyTo: from(9).replyTo, createdAt: 0, details: {}, decision: { approved: true } };
    await local.update('approvals', (all) => [...all, planted as never]);
    const genuine = await approvals.request('sendCalls', from(1), { batchId: 'b', calls: [] } as never);
    void stalled().settle(genuine.id, { approved: true });
    await expect.poll(async () => (await local.get('approvals')).find((a) => a.id === genuine.id)?.decision).toBeDefined();
    // Altered after the user decided: the calls are no longer the ones approved.
    await local.update('approvals', (all) => all.map((a) => (a.id === genuine.id ? { ...a, details: { batchId: 'b', calls: ['evil'] } } as never : a)));
    await restarted().resume();
    expect(replies).toEqual([]);
    expect(await local.get('approvals')).toEqual([]);
  });

  it('never finishes a request twice: a copy of its decided record, written back once it was answered, is dropped at the next start', async () => {
    let copy: unknown;
    const { approvals, replies, local, restarted } = setup(async () => {
      copy = await local.get('approvals');
      return { result: 'sent' };
    });
    const record = await approvals.request('sendCalls', from(1), DETAILS);
    await approvals.settle(record.id, { approved: true });
    expect(copy).toEqual([expect.objectContaining({ id: record.id, decision: { approved: true } })]);
    await local.set('approvals', copy as never);
    await restarted().resume();
    expect(replies).toEqual([{ target: from(1).replyTo, response: { result: 'sent' } }]);
    expect(await local.get('approvals')).toEqual([]);
  });

  it('does not ask again for a request the user answered: an older copy written back is not pending', async () => {
    const { approvals, local, restarted, stalled } = setup();
    const record = await approvals.request('connect', from(1), DETAILS);
    const waiting = await local.get('approvals');
    void stalled().settle(record.id, { approved: false });
    await expect.poll(async () => (await local.get('approvals'))[0].decision).toEqual({ approved: false });
    await local.set('approvals', waiting);
    expect(await restarted().pending()).toEqual([]);
  });

  it('holds at most MAX_PENDING requests from all sites together', async () => {
    const { approvals } = setup();
    for (let n = 0; n < MAX_PENDING; n++) await approvals.request('signMessage', { ...from(n), origin: `https://s${n}.example` }, DETAILS);
    await expect(approvals.request('signMessage', { ...from(99), origin: 'https://another.example' }, DETAILS)).rejects.toMatchObject({ code: -32002, message: /already has 50 requests waiting/ });
  });

  describe('the wallet\'s own requests (the popup\'s Send, the firewall\'s revert)', () => {
    const WALLET = 'chrome-extension://wallet';
    const own = (n: number) => ({ origin: WALLET, method: 'eth_sendTransaction', replyTo: { tabId: -1, frameId: 0, origin: WALLET, requestId: `own${n}` } });

    it('have room of their own: pages that filled the queue (wallet_addEthereumChain needs no connection) do not block them', async () => {
      const { approvals } = setup();
      for (let n = 0; n < MAX_PENDING; n++) await approvals.request('addChain', { ...from(n), origin: `https://s${n}.example` }, DETAILS);
      await expect(approvals.request('addChain', { ...from(99), origin: 'https://another.example' }, DETAILS)).rejects.toMatchObject({ code: -32002 });
      const mine = await approvals.request('sendTransaction', own(1), DETAILS);
      expect((await approvals.pending()).at(-1)?.id).toBe(mine.id);
    });

    it('have room of their own when pages filled the queue\'s bytes', async () => {
      const { approvals } = setup();
      const large = { blob: 'x'.repeat(MAX_PENDING_BYTES / 4 - 1000) } as never;
      for (let n = 0; n < 4; n++) await approvals.request('addChain', { ...from(n), origin: `https://s${n}.example` }, large);
      await expect(approvals.request('addChain', { ...from(9), origin: 'https://s9.example' }, large)).rejects.toMatchObject({ code: -32002 });
      await expect(approvals.request('sendTransaction', own(1), large)).resolves.toMatchObject({ origin: WALLET });
    });

    it('are bounded too, by the per-site cap', async () => {
      const { approvals } = setup();
      for (let n = 0; n < MAX_PENDING_PER_SITE; n++) await approvals.request('sendTransaction', own(n), DETAILS);
      await expect(approvals.request('sendTransaction', own(99), DETAILS)).rejects.toMatchObject({ code: -32002 });
      // ...and a page's requests are not counted against the wallet's, nor the wallet's against the pages'.
      for (let n = 0; n < MAX_PENDING; n++) await approvals.request('addChain', { ...from(n), origin: `https://s${n}.example` }, DETAILS);
    });
  });
});

describe('a request being planned', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const batch = { origin: 'https://dapp.example', method: 'wallet_sendCalls' };

  it('opens nothing when planned within the grace (a near node): the window opens once, on its screen', async () => {
    const { approvals, window } = setup();
    const planning = approvals.plans.begin(batch);
    await vi.advanceTimersByTimeAsync(PLANNING_GRACE_MS - 1);
    await planning.stillAsked();
    await approvals.request('sendCalls', from(1), DETAILS);
    await planning.end();
    await vi.advanceTimersByTimeAsync(PLANNING_GRACE_MS);
    expect(window.shown).toBe(1);
    expect(await approvals.plans.list()).toEqual([]);
  });

  it('opens the window on it when planning outlasts the grace (a distant node), and its screen takes the window over', async () => {
    const { approvals, window } = setup();
    const planning = approvals.plans.begin(batch);
    await vi.advanceTimersByTimeAsync(PLANNING_GRACE_MS);
    const [shown] = await approvals.plans.list();
    expect(shown).toEqual({ id: expect.any(String), ...batch });
    expect(window.firsts).toEqual([shown.id]);
    await planning.stillAsked();
    const record = await approvals.request('sendCalls', from(1), DETAILS);
    await planning.end();
    expect(await approvals.plans.list()).toEqual([]);
    // Queued: the window stays, on the request's screen.
    expect(window.closed).toBe(0);
    expect(window.firsts).toEqual([shown.id, record.id]);
  });

  it('closes the window it opened when the plan ends without a question for the user (refused, or answered at once)', async () => {
    const { approvals, window } = setup();
    const planning = approvals.plans.begin(batch);
    await vi.advanceTimersByTimeAsync(PLANNING_GRACE_MS);
    await planning.end();
    expect(window.closed).toBe(1);
    expect(await approvals.plans.list()).toEqual([]);
  });

  it('keeps the window while another request waits, or another is being planned', async () => {
    const { approvals, window } = setup();
    const other = await approvals.request('signMessage', from(1), DETAILS);
    const first = approvals.plans.begin(batch);
    const second = approvals.plans.begin(batch);
    await vi.advanceTimersByTimeAsync(PLANNING_GRACE_MS);
    await first.end();
    await approvals.settle(other.id, { approved: true, answer: 'x' });
    expect(window.closed).toBe(0);
    await second.end();
    expect(window.closed).toBe(1);
  });

  it('is rejected (4001) once planned when the user closed its window meanwhile: they walked away', async () => {
    const { approvals } = setup();
    const planning = approvals.plans.begin(batch);
    await vi.advanceTimersByTimeAsync(PLANNING_GRACE_MS);
    await approvals.rejectAll();
    await expect(planning.stillAsked()).rejects.toMatchObject({ code: 4001 });
    await planning.end();
  });

  it('is rejected (4001) once planned when the user pressed Reject on it, and the window closes; it cannot be approved', async () => {
    const { approvals, window } = setup();
    const planning = approvals.plans.begin(batch);
    await vi.advanceTimersByTimeAsync(PLANNING_GRACE_MS);
    const [shown] = await approvals.plans.list();
    await expect(approvals.settle(shown.id, { approved: true })).rejects.toThrow(/No pending approval/);
    await approvals.settle(shown.id, { approved: false });
    expect(window.closed).toBe(1);
    expect(await approvals.plans.list()).toEqual([]);
    await expect(planning.stillAsked()).rejects.toMatchObject({ code: 4001 });
  });

  it('rejected by the user just as it was queued: the queued request is rejected too, and the window closes', async () => {
    const { approvals, window, replies } = setup();
    const planning = approvals.plans.begin(batch);
    await vi.advanceTimersByTimeAsync(PLANNING_GRACE_MS);
    const [shown] = await approvals.plans.list();
    await planning.stillAsked();
    const record = await approvals.request('sendCalls', from(1), DETAILS);
    await approvals.settle(shown.id, { approved: false });
    await planning.end(record.id);
    expect(await approvals.pending()).toEqual([]);
    expect(replies).toEqual([{ target: from(1).replyTo, response: { error: { code: 4001, message: 'User rejected the request' } } }]);
    expect(window.closed).toBeGreaterThan(0);
  });

  it('of a site at its cap of waiting requests opens no window (a page cannot keep taking the focus)', async () => {
    const { approvals, window } = setup();
    for (let n = 0; n < MAX_PENDING_PER_SITE; n++) await approvals.request('signMessage', from(n), DETAILS);
    const planning = approvals.plans.begin(batch);
    await vi.advanceTimersByTimeAsync(PLANNING_GRACE_MS);
    expect(await approvals.plans.list()).toEqual([]);
    expect(window.shown).toBe(MAX_PENDING_PER_SITE);
    await planning.end();
  });

  it('can still be rejected when its window failed to open', async () => {
    const { approvals, window } = setup();
    window.failing = true;
    const planning = approvals.plans.begin(batch);
    await vi.advanceTimersByTimeAsync(PLANNING_GRACE_MS);
    const [shown] = await approvals.plans.list();
    await approvals.settle(shown.id, { approved: false });
    await expect(planning.stillAsked()).rejects.toMatchObject({ code: 4001 });
  });

  it('of an earlier worker start is not shown: it died with that worker, and its window closes', async () => {
    const { approvals, restarted, session, window } = setup();
    approvals.plans.begin(batch);
    await vi.advanceTimersByTimeAsync(PLANNING_GRACE_MS);
    const after = restarted();
    expect(await after.plans.list()).toEqual([]);
    await after.resume();
    expect(await session.get('planning')).toEqual([]);
    // The window showed only that: it closes.
    expect(window.closed).toBe(1);
  });
});
