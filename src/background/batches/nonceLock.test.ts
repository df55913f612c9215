import { describe, expect, it, vi } from 'vitest';
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

  it('is one lock for the worker’s two scripts, each of which bundles its own copy of this module: a Ledger account’s payload is built (the later script) while its earlier batch is sent (background.js) only in turn', async () => {
    vi.resetModules();
    const other = (await import('./nonceLock')).withAccountLock;
    const order: string[] = [];
    let release!: () => void;
    const sending = withAccountLock('0xAB', () => new Promise<void>((resolve) => (release = resolve)).then(() => void order.push('sent')));
    const building = other('0xab', async () => void order.push('built'));
    await Promise.resolve();
    release();
    await Promise.all([sending, building]);
    expect(order).toEqual(['sent', 'built']);
  });
});
