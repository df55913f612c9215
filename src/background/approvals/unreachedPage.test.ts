/** A page that cannot hear its answer yet (in the back/forward cache) does not hold up the user's window. */
import { describe, expect, it } from 'vitest';
import { createSealer, memoryKeyStore } from '../storage/seal';
import { memoryBackend, typedStorage } from '../storage/typedStorage';
import { createApprovals } from './approvals';
import { ANSWERED_DEFAULTS, APPROVALS_DEFAULTS, PLANNING_DEFAULTS } from './types';

const asked = { origin: 'https://dapp.example', method: 'personal_sign', replyTo: { tabId: 1, frameId: 0, origin: 'https://dapp.example', requestId: 'r1' } };

describe('an answer its page cannot take yet', () => {
  it('settles the request and closes the window while the reply is on its way, and keeps the answer for the page', async () => {
    const closed: boolean[] = [];
    const replies: unknown[] = [];
    const approvals = createApprovals({
      local: typedStorage(memoryBackend(), APPROVALS_DEFAULTS),
      session: typedStorage(memoryBackend(), { ...ANSWERED_DEFAULTS, ...PLANNING_DEFAULTS }),
      sealer: createSealer(memoryKeyStore()),
      window: { show: async () => undefined, restore: async () => undefined, closeIfIdle: async (idle) => void closed.push(await idle()) },
      finisher: { onDecided: async () => ({ error: { code: 4001, message: 'User rejected the request' } }) },
      // Chrome's tab message to a cached page: taken, never settled while the page is in the cache.
      reply: (_target, response) => new Promise<void>(() => void replies.push(response)),
    });
    const { id } = await approvals.request('signMessage', asked, {} as never);

    await approvals.settle(id, { approved: false });

    expect(closed).toEqual([true]);
    expect(replies).toEqual([{ error: { code: 4001, message: 'User rejected the request' } }]);
    expect(await approvals.earlier(asked.replyTo)).toEqual({ error: { code: 4001, message: 'User rejected the request' } });
  });
});
