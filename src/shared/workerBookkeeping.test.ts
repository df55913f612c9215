import { describe, expect, it } from 'vitest';
import { PAGE_STATE_PREFIX, showsOnPages } from './workerBookkeeping';

describe('showsOnPages', () => {
  it('is false for a change of the worker\'s bookkeeping only: the approval window\'s id, the frames, the answered requests, the lock deadline, what pages keep', () => {
    expect(showsOnPages(['approvalWindowId'])).toBe(false);
    expect(showsOnPages(['providerFrames', 'answeredRequests', 'lockAt', 'activityWindowId'])).toBe(false);
    expect(showsOnPages([`${PAGE_STATE_PREFIX}filter 0x1`])).toBe(false);
  });

  it('is true as soon as anything else changed with them', () => {
    expect(showsOnPages(['approvals'])).toBe(true);
    expect(showsOnPages(['approvalWindowId', 'approvals'])).toBe(true);
    expect(showsOnPages(['secret'])).toBe(true);
    expect(showsOnPages(['a key added later'])).toBe(true);
  });
});
