/** The subscriptions' tests' wallet as the worker builds it, over session storage, with a chain whose head a test moves. */
import type { Hex } from '../../shared/params';
import type { ChainNode } from '../networks/rpcClient';
import { createPageState } from '../pageState/store';
import { memoryBackend, type StorageArea } from '../storage/typedStorage';
import type { Frame } from '../transport/frames';
import { createPollLoops } from '../watch/pollLoop';
import { createSubscriptions } from './subscriptions';
import type { SubscriptionRecord } from './types';

export const ORIGIN = 'https://dapp.example';
export const SITE = 'dapp.example';
export const hashAt = (n: number): Hex => `0x${n.toString(16).padStart(64, '0')}`;
export const frameOf = (tabId: number, frameId = 0): Frame => ({ tabId, frameId, origin: ORIGIN });

/** The wallet as the worker builds it, over `backend` (session storage), with a chain whose head the test moves. */
export function setup(backend: StorageArea = memoryBackend(), reached: (data: unknown) => Promise<boolean> = async () => true, blockTimeMs?: number) {
  /** `logsPerBlock`: each block's logs, of 1 KB of data each (a busy event's). */
  const chain = { head: 10, asked: 0, logsPerBlock: 0 };
  const node = (async (method: string, params: unknown[] = []) => {
    chain.asked++;
    if (method === 'eth_getLogs') {
      const { fromBlock, toBlock } = params[0] as { fromBlock: Hex; toBlock: Hex };
      return Array.from({ length: Number(toBlock) - Number(fromBlock) + 1 }, (_, b) => Number(fromBlock) + b).flatMap((n) => Array.from({ length: chain.logsPerBlock }, (_, i) => ({
        address: `0x${'11'.repeat(20)}`, topics: [], data: `0x${'ee'.repeat(1000)}`, blockNumber: `0x${n.toString(16)}`, blockHash: hashAt(n),
        transactionHash: hashAt(i), transactionIndex: '0x0', logIndex: `0x${i.toString(16)}`, removed: false,
      })));
    }
    if (method !== 'eth_getBlockByNumber') throw new Error(`unexpected ${method}`);
    const n = params[0] === 'latest' ? chain.head : Number(params[0]);
    return { number: `0x${n.toString(16)}`, hash: hashAt(n) };
  }) as ChainNode;
  const loops = createPollLoops(async () => node, { setTimeout: (run, ms) => setTimeout(run, ms), clearTimeout: (h) => clearTimeout(h as number), now: () => Date.now() });
  const delivered: { frame: Frame; data: unknown }[] = [];
  const goneFrames = new Set<number>();
  let keptAlive = 0;
  let wakes = 0;
  /** When each tab was last shown (a tab not listed is shown now). */
  const shownAt = new Map<number, number>();
  const subscriptions = createSubscriptions({
    pages: createPageState(backend),
    loops,
    events: { deliver: async (frame, data) => (goneFrames.has(frame.tabId) ? false : (delivered.push({ frame, data }), reached(data))) },
    changes: { changesDeps: async () => ({ logsBlockRangeLimit: 2000, ownPending: async () => [], withheld: async () => [] }) },
    keepAlive: async () => keptAlive++,
    scheduleWake: () => void wakes++,
    budget: { tryCharge: () => true },
    tabShownAt: async (tabId) => shownAt.get(tabId) ?? Date.now(),
    blockTimeMs: async () => blockTimeMs,
    // No network here has a pre-confirmation stream (preconfStreams.test.ts has them).
    streams: { urlFor: async () => undefined, connect: () => { throw new Error('no stream'); }, setTimeout: (run, ms) => setTimeout(run, ms) },
    now: () => Date.now(),
  });
  const heads = (subscription: Hex) => delivered.filter((d) => (d.data as { data: { subscription: Hex } }).data.subscription === subscription)
    .map((d) => Number(((d.data as { data: { result: { number: Hex } } }).data.result.number)));
  return { chain, loops, subscriptions, delivered, goneFrames, heads, backend, shownAt, keptAlive: () => keptAlive, wakes: () => wakes };
}

export const newHeads = (id: number, frame: Frame, tip = 10): SubscriptionRecord => ({ id: `0x${id.toString(16)}`, frame, chainId: '0x7a69', kind: 'newHeads', tip: { number: tip, hash: hashAt(tip) } });
