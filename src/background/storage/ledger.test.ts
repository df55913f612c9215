import { describe, expect, it } from 'vitest';
import { createLedger, memoryLedgerStore } from './ledger';

describe('the ledger of sealed records', () => {
  it('knows only the latest revision of a record, across a restart', async () => {
    const store = memoryLedgerStore();
    const ledger = createLedger(store);
    await ledger.ready();
    const first = ledger.stamp('a');
    const second = ledger.stamp('a');
    expect([ledger.isLatest('a', second), ledger.isLatest('a', first), ledger.isLatest('a', undefined)]).toEqual([true, false, false]);
    await ledger.save();
    const restarted = createLedger(store);
    await restarted.ready();
    expect([restarted.isLatest('a', second), restarted.isLatest('a', first)]).toEqual([true, false]);
  });

  it('never takes a copy of a retired record again, while records stamped later stay the latest', async () => {
    const ledger = createLedger(memoryLedgerStore());
    await ledger.ready();
    const retired = ledger.stamp('a');
    const live = ledger.stamp('b');
    ledger.retire('a');
    expect([ledger.isLatest('a', retired), ledger.isLatest('b', live)]).toEqual([false, true]);
    expect(ledger.isLatest('a', ledger.stamp('a'))).toBe(true);
  });

  it('while a write is on its way, takes the copy storage still holds of a record it stamps again, not of one it retires', async () => {
    const ledger = createLedger(memoryLedgerStore());
    await ledger.ready();
    const [a, b] = [ledger.stamp('a'), ledger.stamp('b')];
    const writing = ledger.checkpoint();
    ledger.retire('a');
    const newer = ledger.stamp('a');
    ledger.retire('b');
    expect([ledger.isLatest('a', a), ledger.isLatest('a', newer), ledger.isLatest('b', b)]).toEqual([true, true, false]);
    writing.settled();
    expect([ledger.isLatest('a', a), ledger.isLatest('a', newer)]).toEqual([false, true]);
  });
});
