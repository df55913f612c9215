import { describe, expect, it } from 'vitest';
import { MAX_PENDING, MAX_PENDING_BYTES, MAX_PENDING_PER_SITE } from './approvals';
import { siteOf } from '../sites/siteOf';
import { DETAILS, from, setup } from './queue.fixture';

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
