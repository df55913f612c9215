/**
 * One poll loop per network, shared by everything that follows the chain: subscriptions, and the wallet's own
 * tracking of the batches it sent. A loop runs only while something watches it, on one timer; each watcher says how
 * often it wants a turn, and its turns fall on that period's beat (multiples of it since the epoch), so watchers of the
 * same period turn together however late they came, and the watchers of a turn share its reads (the head, a block, a
 * receipt are asked once however many watchers ask).
 */
import { ErrorCode, RpcError } from '../../shared/errors';
import type { Hex } from '../../shared/params';
import type { ChainNode } from '../networks/rpcClient';

/** Reads that answer the same within one turn; anything else (a send) always goes to the node. */
const SHARED_READS = new Set(['eth_blockNumber', 'eth_getBlockByNumber', 'eth_getLogs', 'eth_getTransactionReceipt', 'eth_getTransactionByHash']);

/** A watcher whose turn failed is tried again after this long. */
export const RETRY_AFTER_MS = 1000;

/**
 * The slowest blocks a watcher is paced by (Ethereum's slot). A longer figure is an idle devnet's, a lying node's, or
 * a fact planted in storage.local: paced by it, a sent batch's status would wait for hours, and past setTimeout's
 * 2^31 ms the timer fires at once, so the loop would spin.
 */
const SLOWEST_BLOCK_MS = 12_000;

/**
 * The period of a watcher that waits for something that changes only with a block: four looks a block, so it is seen
 * within a quarter of one, but never more often than `floorMs`. A block time that is not a number is not used.
 */
export const quarterBlock = (floorMs: number, blockTimeMs: number): number =>
  (Number.isFinite(blockTimeMs) ? Math.max(floorMs, Math.floor(Math.min(blockTimeMs, SLOWEST_BLOCK_MS) / 4)) : floorMs);

/** One turn of a watcher: the node to read from (its reads shared with the other watchers of the same moment). */
export interface Turn {
  node: ChainNode;
}

/** Runs a turn and answers the period of its next one, in ms; `stop()` (from `watch`) ends it. */
export type Watcher = (turn: Turn) => Promise<number>;

export interface PollLoops {
  /**
   * Adds a watcher to the network's loop, its first turn on the next beat of `firstPeriodMs`; the function returned
   * takes it out. `charge` (a page's request budget) pays for each call of its turns that really reaches the node.
   */
  watch(chainId: Hex, watcher: Watcher, firstPeriodMs: number, charge?: () => boolean): () => void;
  /** The networks whose loop runs now (for tests and the bench). */
  running(): Hex[];
}

export interface Timers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}

/** The next beat of `period` after `now`: at most one period away, the same moment for every watcher of that period. */
const nextBeat = (now: number, period: number): number => (Math.floor(now / Math.max(1, period)) + 1) * Math.max(1, period);

const realTimers: Timers = { setTimeout: (run, ms) => setTimeout(run, ms), clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>), now: () => Date.now() };

/**
 * The node for one watcher's turn, its reads shared with the other watchers of the same moment (`asked`); `charge` is
 * asked before anything that really goes to the node, and a refusal fails the call (the watcher is over its budget).
 */
function sharedReads(node: ChainNode, asked: Map<string, Promise<unknown>>, charge: () => boolean): ChainNode {
  const ask = <T>(method: string, params: unknown[], options?: Parameters<ChainNode>[2]): Promise<T> =>
    charge() ? node<T>(method, params, options) : Promise.reject(new RpcError(ErrorCode.limitExceeded, 'Request limit exceeded: the watcher is over its budget'));
  return (<T>(method: string, params: unknown[] = [], options?: Parameters<ChainNode>[2]) => {
    if (!SHARED_READS.has(method)) return ask<T>(method, params, options);
    const key = `${method} ${JSON.stringify(params)}`;
    if (!asked.has(key)) asked.set(key, ask<T>(method, params, options));
    return asked.get(key) as Promise<T>;
  }) as ChainNode;
}

/** For a network whose node cannot be had (removed, misconfigured): every call fails, so watchers still decide. */
const failing = (error: unknown): ChainNode => (() => Promise.reject(error)) as ChainNode;

interface Entry {
  watcher: Watcher;
  charge: () => boolean;
  dueAt: number;
  /** Its turn is running: not started again until it ends. */
  busy: boolean;
}

interface Loop {
  entries: Set<Entry>;
  timer?: unknown;
  /** When the timer fires. */
  wakeAt?: number;
}

export function createPollLoops(nodeFor: (chainId: Hex) => Promise<ChainNode>, timers: Timers = realTimers): PollLoops {
  const loops = new Map<Hex, Loop>();

  /** Sets the loop's one timer for the earliest turn due, or ends the loop when nobody watches. */
  const schedule = (chainId: Hex, loop: Loop) => {
    if (loop.entries.size === 0) {
      if (loop.timer !== undefined) timers.clearTimeout(loop.timer);
      if (loops.get(chainId) === loop) loops.delete(chainId);
      return;
    }
    const idle = [...loop.entries].filter((e) => !e.busy);
    if (idle.length === 0) return;
    const wakeAt = Math.min(...idle.map((e) => e.dueAt));
    if (loop.timer !== undefined && loop.wakeAt !== undefined && loop.wakeAt <= wakeAt) return;
    if (loop.timer !== undefined) timers.clearTimeout(loop.timer);
    loop.wakeAt = wakeAt;
    loop.timer = timers.setTimeout(() => void turn(chainId, loop), Math.max(0, wakeAt - timers.now()));
  };

  /** The watchers due now turn together on one set of shared reads; each is given its next turn as soon as its own ends. */
  const turn = async (chainId: Hex, loop: Loop) => {
    loop.timer = undefined;
    loop.wakeAt = undefined;
    const due = [...loop.entries].filter((e) => !e.busy && e.dueAt <= timers.now());
    for (const entry of due) entry.busy = true;
    const node = await nodeFor(chainId).catch((error: unknown) => failing(error));
    const asked = new Map<string, Promise<unknown>>();
    schedule(chainId, loop);
    await Promise.all(due.map(async (entry) => {
      const wait = await entry.watcher({ node: sharedReads(node, asked, entry.charge) }).catch(() => RETRY_AFTER_MS);
      entry.busy = false;
      entry.dueAt = nextBeat(timers.now(), wait);
      schedule(chainId, loop);
    }));
  };

  return {
    watch(chainId, watcher, firstPeriodMs, charge = () => true) {
      const loop = loops.get(chainId) ?? { entries: new Set<Entry>() };
      loops.set(chainId, loop);
      const entry: Entry = { watcher, charge, dueAt: nextBeat(timers.now(), firstPeriodMs), busy: false };
      loop.entries.add(entry);
      schedule(chainId, loop);
      return () => {
        loop.entries.delete(entry);
        if (loop.entries.size === 0) schedule(chainId, loop);
      };
    },
    running: () => [...loops.keys()],
  };
}
