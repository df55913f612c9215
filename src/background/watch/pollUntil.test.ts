import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pollUntil } from './pollUntil';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

const LATE = new Error('late');

describe('pollUntil', () => {
  it('answers the first answer, asking again every `everyMs`', async () => {
    const asked: number[] = [];
    const start = Date.now();
    const polled = pollUntil(async () => (asked.push(Date.now() - start), asked.length === 3 ? 'ready' : undefined), { everyMs: 250, forMs: 60_000, late: () => LATE });
    await vi.advanceTimersByTimeAsync(500);
    expect(await polled).toBe('ready');
    expect(asked).toEqual([0, 250, 500]);
  });

  it('throws `late()` once the bound has passed, after one last ask, and asks no more', async () => {
    let asked = 0;
    const polled = pollUntil(async () => void asked++, { everyMs: 250, forMs: 1_000, late: () => LATE });
    const failed = expect(polled).rejects.toBe(LATE);
    await vi.advanceTimersByTimeAsync(5_000);
    await failed;
    // At 0, 250, 500, 750 and 1,000 ms.
    expect(asked).toBe(5);
  });

  it('asks at once, so a condition that already holds costs no pause', async () => {
    expect(await pollUntil(async () => 0, { everyMs: 250, forMs: 0, late: () => LATE })).toBe(0);
  });
});
