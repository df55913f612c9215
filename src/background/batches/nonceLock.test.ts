import { describe, expect, it } from 'vitest';
import { isCollected } from '../storage/testing';
import { withAccountLock } from './nonceLock';

describe('the account lock', () => {
  it('keeps nothing of a sender once it finished: what it returned is left to the collector', async () => {
    let sent: WeakRef<object> | undefined;
    // Awaited without its value, which the test's own suspended frame could keep.
    await withAccountLock('0xcd', async () => {
      const result = { batch: { id: 'a' } };
      sent = new WeakRef(result);
      return result;
    }).then(() => undefined);
    expect(await isCollected(sent!)).toBe(true);
  });
});
