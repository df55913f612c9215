import { describe, expect, it } from 'vitest';
import { createCoalescer } from './coalesce';

describe('createCoalescer', () => {
  it('shares a call on its way between identical keys, and forgets it once answered', async () => {
    const coalesce = createCoalescer();
    let calls = 0;
    const run = () => new Promise<number>((resolve) => setTimeout(() => resolve(++calls), 5));
    const [a, b, c] = await Promise.all([coalesce('k', run), coalesce('k', run), coalesce('other', run)]);
    expect([a, b]).toEqual([1, 1]);
    expect(c).toBe(2);
    expect(await coalesce('k', run)).toBe(3);
  });

  it('shares a failure too, and the next call tries again', async () => {
    const coalesce = createCoalescer();
    let calls = 0;
    const failing = () => new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no ${++calls}`)), 5));
    const results = await Promise.allSettled([coalesce('k', failing), coalesce('k', failing)]);
    expect(results.map((r) => (r as PromiseRejectedResult).reason.message)).toEqual(['no 1', 'no 1']);
    await expect(coalesce('k', failing)).rejects.toThrow('no 2');
  });
});
