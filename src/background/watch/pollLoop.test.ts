import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChainNode } from '../networks/rpcClient';
import { createPollLoops, RETRY_AFTER_MS } from './pollLoop';

const CHAIN = '0x7a69';
const OTHER = '0x1';

function fakeNode() {
  const asked: string[] = [];
  const node = (async (method: string) => {
    asked.push(method);
    return '0x10';
  }) as ChainNode;
  return { node, asked };
}

// From 0, so that turns fall on round beats.
beforeEach(() => vi.useFakeTimers({ now: 0 }));
afterEach(() => vi.useRealTimers());

const timers = () => ({ setTimeout: (run: () => void, ms: number) => setTimeout(run, ms), clearTimeout: (h: unknown) => clearTimeout(h as number), now: () => Date.now() });

describe('the poll loop', () => {
  it('is one loop for many watchers, whose reads of a turn go to the node once, and stops with its last watcher', async () => {
    const { node, asked } = fakeNode();
    const loops = createPollLoops(async () => node, timers());
    const heads: string[][] = [[], [], []];
    const stops = heads.map((seen) => loops.watch(CHAIN, async (turn) => {
      seen.push(await turn.node<string>('eth_blockNumber'));
      return 200;
    }, 200));
    expect(loops.running()).toEqual([CHAIN]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(heads.map((h) => h.length)).toEqual([5, 5, 5]);
    expect(asked).toHaveLength(5);

    stops[0]();
    stops[1]();
    expect(loops.running()).toEqual([CHAIN]);
    stops[2]();
    expect(loops.running()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(asked).toHaveLength(5);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('gives each watcher its turn when it asked for it, on one timer', async () => {
    const { node } = fakeNode();
    const loops = createPollLoops(async () => node, timers());
    const fast: number[] = [];
    const slow: number[] = [];
    loops.watch(CHAIN, async () => (fast.push(Date.now()), 50), 50);
    loops.watch(CHAIN, async () => (slow.push(Date.now()), 1000), 1000);
    await vi.advanceTimersByTimeAsync(2000);
    expect(fast).toHaveLength(40);
    expect(slow).toHaveLength(2);
    expect(vi.getTimerCount()).toBe(1);
  });

  it('turns watchers of the same period together however late they came, so they share the reads', async () => {
    const { node, asked } = fakeNode();
    const loops = createPollLoops(async () => node, timers());
    const read = async (turn: { node: ChainNode }) => (await turn.node('eth_blockNumber'), 500);
    loops.watch(CHAIN, read, 500);
    await vi.advanceTimersByTimeAsync(130);
    loops.watch(CHAIN, read, 500);
    await vi.advanceTimersByTimeAsync(870);
    expect(asked).toHaveLength(2);
  });

  it('runs one loop per network', async () => {
    const { node } = fakeNode();
    const loops = createPollLoops(async () => node, timers());
    const stopA = loops.watch(CHAIN, async () => 100, 100);
    loops.watch(OTHER, async () => 100, 100);
    expect(loops.running().sort()).toEqual([OTHER, CHAIN].sort());
    stopA();
    expect(loops.running()).toEqual([OTHER]);
  });

  it('tries a failed turn again later, and a watcher stopped during its own turn gets no more', async () => {
    const { node } = fakeNode();
    const loops = createPollLoops(async () => node, timers());
    let failures = 0;
    loops.watch(CHAIN, async () => {
      failures++;
      throw new Error('node down');
    }, 0);
    await vi.advanceTimersByTimeAsync(RETRY_AFTER_MS * 3 - 1);
    expect(failures).toBe(3);

    let turns = 0;
    const stop = loops.watch(OTHER, async () => {
      turns++;
      stop();
      return 10;
    }, 0);
    await vi.advanceTimersByTimeAsync(100);
    expect(turns).toBe(1);
    expect(loops.running()).toEqual([CHAIN]);
  });

  it('gives the other watchers their turns while one watcher\'s turn never ends (a message to a frozen tab)', async () => {
    const node = (async () => '0x1') as ChainNode;
    const loops = createPollLoops(async () => node, timers());
    const followed: number[] = [];
    // e.g. the wallet following its own sent batch
    loops.watch('0x1', async () => (followed.push(Date.now()), 100), 100);
    // e.g. a page's subscription whose tabs.sendMessage never settles
    loops.watch('0x1', () => new Promise<number>(() => undefined), 100);
    await vi.advanceTimersByTimeAsync(2000);
    expect(followed.length).toBeGreaterThanOrEqual(15);
  });

  it('charges each site once for each distinct read its watchers use in a turn, however many watchers it has and whoever asked first', async () => {
    const { node, asked } = fakeNode();
    const loops = createPollLoops(async () => node, timers());
    const charged = new Map<string, number>();
    const budgets = new Map([['a.example', Infinity], ['b.example', Infinity], ['spent.example', 0]]);
    const payer = (key: string) => ({ key, charge: () => (budgets.get(key)! > (charged.get(key) ?? 0) ? (charged.set(key, (charged.get(key) ?? 0) + 1), true) : false) });
    const heard = new Map<string, number>();
    const read = (key: string) => async (turn: { node: ChainNode }) => {
      await turn.node('eth_blockNumber');
      await turn.node('eth_getLogs', [{ fromBlock: '0x10', toBlock: '0x10' }]);
      heard.set(key, (heard.get(key) ?? 0) + 1);
      return 1000;
    };
    for (let i = 0; i < 10; i++) loops.watch(CHAIN, read('a.example'), 1000, payer('a.example'));
    loops.watch(CHAIN, read('b.example'), 1000, payer('b.example'));
    loops.watch(CHAIN, read('spent.example'), 1000, payer('spent.example'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(asked).toEqual(['eth_blockNumber', 'eth_getLogs']);
    expect(Object.fromEntries(charged)).toEqual({ 'a.example': 2, 'b.example': 2 });
    // The site whose budget is spent gets nothing: its turn failed.
    expect(Object.fromEntries(heard)).toEqual({ 'a.example': 10, 'b.example': 1 });
  });
});
