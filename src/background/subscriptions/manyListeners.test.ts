/**
 * Many heads and logs subscriptions on one network, as the wallet runs them: one poll loop, the node asked once a turn
 * for the head and once for the new blocks' logs of all of them, each subscription given the logs its own filter
 * matches, and nothing stored for a turn that found nothing.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Hex } from '../../shared/params';
import type { ChainNode } from '../networks/rpcClient';
import { createPageState } from '../pageState/store';
import { memoryBackend, type StorageArea } from '../storage/typedStorage';
import { createPollLoops } from '../watch/pollLoop';
import { createSubscriptions } from './subscriptions';
import type { SubscriptionRecord } from './types';

const CHAIN: Hex = '0x7a69';
const TOKEN: Hex = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
const OTHER: Hex = '0x00000000000000000000000000000000000000aa';
const TRANSFER: Hex = `0x${'dd'.repeat(32)}`;
const hex = (n: number): Hex => `0x${n.toString(16)}`;
const word = (n: number): Hex => `0x${n.toString(16).padStart(64, '0')}`;
const BLOCK_MS = 200;

type Log = { address: Hex; topics: Hex[]; data: Hex; blockNumber: Hex; blockHash: Hex; transactionHash: Hex; transactionIndex: Hex; logIndex: Hex; removed: boolean };

/** The test's own reading of a filter (address, then each topic position: null any, a list any of it). */
const wanted = (criteria: { address?: Hex | Hex[]; topics?: (Hex | Hex[] | null)[] } | undefined, log: Log) =>
  (!criteria?.address || [criteria.address].flat().includes(log.address))
  && (criteria?.topics ?? []).every((t, i) => t === null || (i < log.topics.length && [t].flat().includes(log.topics[i])));

/** A chain sealing a block every BLOCK_MS (from `seal()`), with the logs the test puts in them; every node call is counted. */
function fakeChain() {
  const blocks: { hash: Hex; timestamp: number; logs: Log[] }[] = [{ hash: word(0xb0), timestamp: 0, logs: [] }];
  const asked: string[] = [];
  let waiting: { address: Hex; topics: Hex[] }[] = [];
  const seal = () => {
    const number = blocks.length;
    const hash = word(0xb0000 + number);
    blocks.push({
      hash, timestamp: Math.floor(Date.now() / 1000),
      logs: waiting.map((l, i) => ({ ...l, data: '0x', blockNumber: hex(number), blockHash: hash, transactionHash: word(0xf0000 + number * 100 + i), transactionIndex: hex(i), logIndex: hex(i), removed: false })),
    });
    waiting = [];
  };
  const block = (n: number) => {
    const b = blocks[n];
    return b && { number: hex(n), hash: b.hash, parentHash: blocks[n - 1]?.hash ?? word(0), timestamp: hex(b.timestamp), transactions: b.logs.map((l) => l.transactionHash), logsBloom: `0x${(b.logs.length ? 'ff' : '00').repeat(256)}` };
  };
  const node = (async (method: string, params: unknown[] = []) => {
    asked.push(method);
    if (method === 'eth_getBlockByNumber') return block(params[0] === 'latest' ? blocks.length - 1 : Number(params[0])) ?? null;
    if (method === 'eth_getLogs') {
      const { fromBlock, toBlock, ...criteria } = params[0] as { fromBlock: Hex; toBlock: Hex; address?: Hex[]; topics?: Hex[][] };
      return blocks.slice(Number(fromBlock), Number(toBlock) + 1).flatMap((b) => b.logs).filter((l) => wanted(criteria, l));
    }
    throw new Error(`unexpected ${method}`);
  }) as ChainNode;
  return { node, asked, blocks, seal, emit: (address: Hex, topics: Hex[]) => void waiting.push({ address, topics }), head: () => blocks.length - 1 };
}

function wallet(chain: ReturnType<typeof fakeChain>, backend: StorageArea = memoryBackend(), detectedBlockMs: number | undefined = BLOCK_MS) {
  const delivered = new Map<Hex, unknown[]>();
  const subscriptions = createSubscriptions({
    pages: createPageState(backend),
    loops: createPollLoops(async () => chain.node, { setTimeout: (run, ms) => setTimeout(run, ms), clearTimeout: (h) => clearTimeout(h as number), now: () => Date.now() }),
    events: {
      deliver: async (_frame, data) => {
        const { subscription, result } = (data as { data: { subscription: Hex; result: unknown } }).data;
        delivered.set(subscription, [...(delivered.get(subscription) ?? []), result]);
        return true;
      },
    },
    changes: { changesDeps: async () => ({ logsBlockRangeLimit: 2000, ownPending: async () => [], withheld: async () => [] }) },
    keepAlive: async () => undefined,
    scheduleWake: () => undefined,
    budget: { tryCharge: () => true },
    tabShownAt: async () => Date.now(),
    blockTimeMs: async () => detectedBlockMs,
    streams: { urlFor: async () => undefined, connect: () => { throw new Error('no stream'); }, setTimeout: (run, ms) => setTimeout(run, ms) },
    now: () => Date.now(),
  });
  return { subscriptions, delivered, backend };
}

/** As rpc/subscriptions.ts makes them: from the head now. */
function logsSubscription(id: number, origin: string, head: number, criteria: SubscriptionRecord['criteria']): SubscriptionRecord {
  const tip = { number: head, hash: word(0xb0000 + head) };
  return {
    id: hex(id), frame: { tabId: id, frameId: 0, origin }, chainId: CHAIN, kind: 'logs', criteria,
    filter: { id: hex(id), origin, chainId: CHAIN, kind: 'logs', criteria, start: head + 1, next: head + 1, tip, recent: [], readAt: 0 },
  };
}

/** Blocks sealed every BLOCK_MS for `ms`, `each` run before each seal. */
async function sealFor(chain: ReturnType<typeof fakeChain>, ms: number, each: (block: number) => void = () => undefined) {
  for (let t = 0; t < ms; t += BLOCK_MS) {
    each(chain.head() + 1);
    chain.seal();
    await vi.advanceTimersByTimeAsync(BLOCK_MS);
  }
}

beforeEach(() => vi.useFakeTimers({ now: 0 }));
afterEach(() => vi.useRealTimers());

describe('many subscriptions on one network', () => {
  it('of logs (50, of two sites) ask the node once a turn for the new blocks\' logs, and each gets exactly the logs its filter matches, once, in order', async () => {
    const chain = fakeChain();
    for (let i = 0; i < 5; i++) chain.seal();
    const { subscriptions, delivered } = wallet(chain);
    const filters = new Map<Hex, SubscriptionRecord['criteria']>();
    for (let i = 0; i < 50; i++) {
      // Transfers to recipient i of the token (site A), or any event of OTHER with i as its first word (site B).
      const criteria = i < 25 ? { address: TOKEN, topics: [TRANSFER, null, word(i)] } : { address: [OTHER], topics: [[word(i), word(999)]] };
      const site = i < 25 ? 'a.example' : 'b.example';
      await subscriptions.add(site, logsSubscription(i + 1, `https://${site}`, chain.head(), criteria));
      filters.set(hex(i + 1), criteria);
    }
    chain.asked.length = 0;
    // 3 s of blocks, each with a transfer to some recipient, an OTHER event, and an event no one listens to; every
    // third block two blocks are sealed before the wallet looks, so one read spans them.
    await sealFor(chain, 3000, (n) => {
      chain.emit(TOKEN, [TRANSFER, word(1000), word(n % 25)]);
      chain.emit(OTHER, [word(25 + (n % 25))]);
      chain.emit(TOKEN, [word(7)]);
      if (n % 3 === 0) {
        chain.seal();
        chain.emit(TOKEN, [TRANSFER, word(1000), word((n + 1) % 25)]);
      }
    });
    await vi.advanceTimersByTimeAsync(1000);
    const all = chain.blocks.flatMap((b) => b.logs).filter((l) => Number(l.blockNumber) > 5);
    for (const [id, criteria] of filters) expect(delivered.get(id) ?? []).toEqual(all.filter((l) => wanted(criteria, l)));
    // One eth_getLogs for all 50 each time new blocks came, and no more than one head read besides.
    const logReads = chain.asked.filter((m) => m === 'eth_getLogs').length;
    expect(logReads).toBeLessThanOrEqual(chain.head() - 5);
    expect(logReads).toBeGreaterThan(0);
  });

  it('of heads and logs (25 of each) on 0.2 s blocks ask the node at most 10 times a second, and store nothing for turns that found nothing', async () => {
    const chain = fakeChain();
    let writes = 0;
    const memory = memoryBackend();
    const { subscriptions, delivered } = wallet(chain, { ...memory, set: (items) => (writes++, memory.set(items)) });
    for (let i = 0; i < 25; i++) {
      await subscriptions.add('heads.example', { id: hex(i + 1), frame: { tabId: 1, frameId: 0, origin: 'https://heads.example' }, chainId: CHAIN, kind: 'newHeads', tip: { number: chain.head(), hash: chain.blocks[chain.head()].hash } });
      await subscriptions.add('logs.example', logsSubscription(100 + i, 'https://logs.example', chain.head(), { address: TOKEN, topics: [null, null, word(i)] }));
    }
    await sealFor(chain, 1000);
    chain.asked.length = 0;
    writes = 0;
    await sealFor(chain, 5000);
    expect(chain.asked.length).toBeLessThanOrEqual(50);
    expect(delivered.get('0x1')?.length).toBeGreaterThanOrEqual(25);
    // Each newHeads subscription stores its head as it sends it; the logs subscriptions, which heard nothing, nothing.
    expect(writes).toBeLessThanOrEqual(25 * 26);
  });

  it('of logs go on in the next worker from what was stored, reporting no log twice and none missed, though their turns that found nothing stored nothing', async () => {
    const chain = fakeChain();
    const first = wallet(chain);
    const criteria = { address: TOKEN };
    await first.subscriptions.add('a.example', logsSubscription(1, 'https://a.example', chain.head(), criteria));
    await sealFor(chain, 400, () => chain.emit(TOKEN, [TRANSFER]));
    await sealFor(chain, 2000);
    await vi.advanceTimersByTimeAsync(500);
    expect(first.delivered.get('0x1')).toHaveLength(2);
    // The worker stops: its timers die with it; session storage stays.
    vi.clearAllTimers();
    const next = wallet(chain, first.backend);
    expect(await next.subscriptions.resume()).toBe(1);
    await sealFor(chain, 400);
    await sealFor(chain, 200, () => chain.emit(TOKEN, [TRANSFER, word(5)]));
    await vi.advanceTimersByTimeAsync(1000);
    expect(next.delivered.get('0x1')).toEqual(chain.blocks.flatMap((b) => b.logs).slice(2));
  });

  it('of heads look four times a block, at most every 150 ms, once the heads they read show 0.2 s blocks, though no block time was detected', async () => {
    const chain = fakeChain();
    const { subscriptions } = wallet(chain, memoryBackend(), undefined);
    await subscriptions.add('heads.example', { id: '0x1', frame: { tabId: 1, frameId: 0, origin: 'https://heads.example' }, chainId: CHAIN, kind: 'newHeads', tip: { number: 0, hash: chain.blocks[0].hash } });
    await sealFor(chain, 10_000);
    chain.asked.length = 0;
    await sealFor(chain, 3000);
    // Every 500 ms (6 looks) until the heads showed their pace; then every 150 ms (20).
    expect(chain.asked.filter((m) => m === 'eth_getBlockByNumber').length).toBeGreaterThanOrEqual(19);
  });
});
