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

/**
 * Who pays for a watcher's reads (a page's site, from its request budget): once for each distinct read of a turn its
 * watchers use, whether or not another's asked it first, so a site pays for a turn what one watcher of its would, however
 * many it has; `charge` answers false when its budget is spent (the read fails for its watchers).
 */
export interface Payer {
  key: string;
  charge(): boolean;
}

export interface PollLoops {
  /** Adds a watcher to the network's loop, its first turn on the next beat of `firstPeriodMs`; the function returned takes it out. */
  watch(chainId: Hex, watcher: Watcher, firstPeriodMs: number, payer?: Payer): () => void;
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

/** What the watchers of one turn share: each distinct read's answer, and who has paid for it. */
interface TurnReads {
  asked: Map<string, Promise<unknown>>;
  paid: Map<string, Set<string>>;
}

const overBudget = () => Promise.reject(new RpcError(ErrorCode.limitExceeded, 'Request limit exceeded: the watcher is over its budget'));

/**
 * The node for one watcher's turn, its reads shared with the other watchers of the same moment; its payer is charged
 * once per distinct shared read (and for every other call), and a refusal fails the call.
 */
function sharedReads(node: ChainNode, reads: TurnReads, payer: Payer | undefined): ChainNode {
  return (<T>(method: string, params: unknown[] = [], options?: Parameters<ChainNode>[2]) => {
    if (!SHARED_READS.has(method)) return payer && !payer.charge() ? overBudget() : node<T>(method, params, options);
    const key = `${method} ${JSON.stringify(params)}`;
    if (payer) {
      const paid = reads.paid.get(key) ?? new Set<string>();
      reads.paid.set(key, paid);
      if (!paid.has(payer.key)) {
        if (!payer.charge()) return overBudget();
        paid.add(payer.key);
      }
    }
    if (!reads.asked.has(key)) reads.asked.set(key, node<T>(method, params, options));
    return reads.asked.get(key) as Promise<T>;
  }) as ChainNode;
}

/** For a network whose node cannot be had (removed, misconfigured): every call fails, so watchers still decide. */
const failing = (error: unknown): ChainNode => (() => Promise.reject(error)) as ChainNode;

interface Entry {
  watcher: Watcher;
  payer?: Payer;
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
    const reads: TurnReads = { asked: new Map(), paid: new Map() };
    schedule(chainId, loop);
    await Promise.all(due.map(async (entry) => {
      const wait = await entry.watcher({ node: sharedReads(node, reads, entry.payer) }).catch(() => RETRY_AFTER_MS);
      entry.busy = false;
      entry.dueAt = nextBeat(timers.now(), wait);
      schedule(chainId, loop);
    }));
  };

  return {
    watch(chainId, watcher, firstPeriodMs, payer) {
      const loop = loops.get(chainId) ?? { entries: new Set<Entry>() };
      loops.set(chainId, loop);
      const entry: Entry = { watcher, payer, dueAt: nextBeat(timers.now(), firstPeriodMs), busy: false };
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
