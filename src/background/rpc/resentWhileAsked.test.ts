/**
 * A frame sends a request again when its port closed before the answer (the worker stopped, the back/forward cache):
 * one that arrives while this worker is still preparing the same request (planning a send reads the node) is the same
 * question, not a second one.
 */
import { describe, expect, it } from 'vitest';
import { setup as queue } from '../approvals/queue.fixture';
import { connectedSite } from './connectedSite.fixture';
import { runRequest } from './pipeline';
import { DEFERRED } from './types';

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const SITE = 'https://dapp.example';

describe('a request sent again while it is being asked', () => {
  it('is asked once: the first asking answers the frame, wherever its port is by then', async () => {
    const { approvals } = queue();
    const { services } = await connectedSite(SITE, ACCOUNT, { approvals, networks: { selected: async () => ({ chainId: '0x7a69' }) } });
    const method = 'personal_sign';
    const send = () => runRequest({ method, params: ['0x48690a', ACCOUNT] }, { origin: SITE, method, replyTo: { tabId: 1, frameId: 0, origin: SITE, requestId: 'p-1' }, services });
    const first = send();
    // Sent again on the frame's new port before the first was queued.
    const again = send();
    expect(await Promise.all([first, again])).toEqual([DEFERRED, DEFERRED]);
    expect((await approvals.pending()).map((a) => a.replyTo.requestId)).toEqual(['p-1']);
    // Another request of the frame is its own question.
    expect(await runRequest({ method, params: ['0x48690a', ACCOUNT] }, { origin: SITE, method, replyTo: { tabId: 1, frameId: 0, origin: SITE, requestId: 'p-2' }, services })).toBe(DEFERRED);
    expect(await approvals.pending()).toHaveLength(2);
  });

  it("is no -32002 for a connect: the page hears the user's answer, not that its own connect already waits", async () => {
    const { approvals } = queue();
    const { services } = await connectedSite('https://other.example', ACCOUNT, { approvals, networks: { selected: async () => ({ chainId: '0x7a69' }) } });
    const method = 'eth_requestAccounts';
    const send = () => runRequest({ method }, { origin: SITE, method, replyTo: { tabId: 1, frameId: 0, origin: SITE, requestId: 'c-1' }, services });
    expect(await Promise.all([send(), send()])).toEqual([DEFERRED, DEFERRED]);
    expect((await approvals.pending()).map((a) => a.type)).toEqual(['connect']);
  });
});
