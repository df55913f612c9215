/**
 * The subscriptions pages made (eth_subscribe), each a watcher on its network's poll loop (../watch/pollLoop.ts)
 * that sends what it finds to the frame that subscribed, as EIP-1193 `message` events. They are kept in memory while
 * the worker runs and in session storage for the next one, each under its own key and within its site's share of the
 * pages' bytes (../pageState/); they end with eth_unsubscribe, when their frame goes away (its port closed, its tab
 * closed, or a message could not reach it), or with the browser.
 *
 * They keep the worker awake (an API call every KEEP_ALIVE_MS, and the alarm that wakes a stopped one) only while
 * their tab was shown or made a request within DORMANT_AFTER_MS. A subscription of a tab hidden and silent longer
 * pauses: it reads and sends nothing, and sets no alarm, so the browser may stop the worker. It goes on, from where it
 * was, at the next request of that tab (`wake`), or when a later worker starts and finds the tab shown.
 */
import { ErrorCode, RpcError } from '../../shared/errors';
import type { Hex } from '../../shared/params';
import type { PageState } from '../pageState/store';
import type { Frame } from '../transport/frames';
import { quarterBlock, type PollLoops, type Turn } from '../watch/pollLoop';
import type { RequestBudget } from '../budget/requestBudget';
import { fewerRecent, type ChangesSource } from '../filters/changes';
import { createPreconfStreams, isPendingKind, type PreconfStreamsDeps } from './preconfStreams';
import { reportOf, unsentPending, type Report } from './reports';
import type { SubscriptionKind } from '../../shared/schemas/subscription';
import type { SubscriptionRecord } from './types';

export const MAX_SUBSCRIPTIONS_PER_SITE = 32;
/** A subscription whose tab has been hidden this long pauses (see above). */
export const DORMANT_AFTER_MS = 10 * 60 * 1000;

/**
 * How often each kind looks, in ms: the pending kinds follow the chain's ~200 ms pre-confirmed view; heads and logs
 * only change with a block; the wallet's own pending transactions are read from its store.
 */
export const POLL_MS: Record<SubscriptionKind, number> = { newHeads: 500, logs: 500, newPendingTransactions: 1000, pendingLogs: 200, newFlashblockTransactions: 200 };

/**
 * Heads and logs change only with a block: on a chain whose detected blocks are slower (Ethereum's 12 s) they look four
 * times a block rather than every 500 ms.
 */
export function pollPeriod(kind: SubscriptionKind, blockTimeMs: number | undefined): number {
  const followsBlocks = kind === 'newHeads' || kind === 'logs';
  return followsBlocks && blockTimeMs ? quarterBlock(POLL_MS[kind], blockTimeMs) : POLL_MS[kind];
}

/** While subscriptions are alive the worker is kept from stopping (MV3 stops an idle one after 30 s): an API call this often. */
export const KEEP_ALIVE_MS = 20_000;
/**
 * Where a subscription's events go. The composition root (createServices.ts) implements it with transport/frames.ts
 * `emitTo`: an EIP-1193 `message` event to the frame, which its provider hands to the page's listeners.
 */
export interface SubscriptionEvents {
  /** Sends the event's data to the frame that subscribed; false when the frame is gone. */
  deliver(frame: Frame, data: unknown): Promise<boolean>;
}

/** A logs subscription that no longer fits its site's room keeps fewer of its filter's recent logs (../filters/changes.ts). */
const fewerRecentLogs = (subscription: SubscriptionRecord): SubscriptionRecord | undefined => {
  const filter = subscription.filter && fewerRecent(subscription.filter);
  return filter && { ...subscription, filter };
};

export interface SubscriptionsDeps {
  pages: PageState;
  loops: Pick<PollLoops, 'watch'>;
  events: SubscriptionEvents;
  /** What a report reads besides the node: the range limit, the wallet's own pending transactions. */
  changes: ChangesSource;
  /** Any extension API call: it counts as activity, so the browser keeps the worker. */
  keepAlive(): Promise<unknown>;
  /** Sets the alarm that wakes a worker the browser stopped anyway while subscriptions live (../alarms.ts), unless it is set. */
  scheduleWake(): void;
  /** Each read that reaches the node is taken from the site's budget; when it is spent, the turn waits. */
  budget: Pick<RequestBudget, 'tryCharge'>;
  /** When the tab was last shown: now while it is its window's active tab; undefined when the browser cannot say. */
  tabShownAt(tabId: number): Promise<number | undefined>;
  /** The network's block time as detected (networks/detection.ts), if it was. */
  blockTimeMs(chainId: Hex): Promise<number | undefined>;
  /** The networks' pre-confirmation WebSocket endpoints (./preconfStreams.ts). */
  streams: Omit<PreconfStreamsDeps, 'pushed'>;
  now(): number;
}

export interface Subscriptions {
  /** Starts a subscription of a page of `site`; -32005 when the site has MAX_SUBSCRIPTIONS_PER_SITE or no bytes left. */
  add(site: string, subscription: SubscriptionRecord): Promise<void>;
  /** eth_unsubscribe: true when the origin had it. */
  remove(origin: string, id: Hex): Promise<boolean>;
  /** A frame went away (or every frame of a tab, `frameId` undefined): its subscriptions end. */
  frameGone(tabId: number, frameId?: number): Promise<void>;
  /** After a worker start (and at its alarm): the stored subscriptions of shown tabs run again; answers how many run. */
  resume(): Promise<number>;
  /** The tab made a request: it counts as seen, and its paused subscriptions go on. */
  wake(tabId: number): Promise<void>;
}

const PREFIX = 'subscription ';
const keyOf = (origin: string, id: string) => `${PREFIX}${origin} ${id.toLowerCase()}`;

export function createSubscriptions(deps: SubscriptionsDeps): Subscriptions {
  const live = new Map<string, { subscription: SubscriptionRecord; stop(): void }>();
  /** Stored subscriptions not running, by key, and their tab: it was hidden too long. */
  const paused = new Map<string, number>();
  /** When each running subscription last looked whether its tab is dormant. */
  const lookedAt = new Map<string, number>();
  let keptAliveAt = -Infinity;
  const streams = createPreconfStreams({ ...deps.streams, pushed: (key, result) => void pushed(key, result) });

  const end = async (keys: string[]) => {
    for (const key of keys) {
      live.get(key)?.stop();
      live.delete(key);
      paused.delete(key);
      lookedAt.delete(key);
      streams.close(key);
    }
    await deps.pages.remove(keys);
  };

  /** When each tab last made a request (this worker's memory). */
  const askedAt = new Map<number, number>();
  /** Hidden, and silent, for DORMANT_AFTER_MS. */
  const dormant = async (tabId: number) => {
    if (deps.now() - (askedAt.get(tabId) ?? -Infinity) <= DORMANT_AFTER_MS) return false;
    const shownAt = await deps.tabShownAt(tabId).catch(() => undefined);
    return shownAt !== undefined && deps.now() - shownAt > DORMANT_AFTER_MS;
  };

  /** Stops running a subscription of a hidden tab; it stays stored. */
  const pause = (key: string, tabId: number) => {
    live.get(key)?.stop();
    live.delete(key);
    lookedAt.delete(key);
    streams.close(key);
    paused.set(key, tabId);
  };

  /**
   * False when the subscription's tab has been hidden too long (it pauses), which each subscription looks at once every
   * KEEP_ALIVE_MS, whoever keeps the worker awake; else the worker is kept awake, at most once every KEEP_ALIVE_MS.
   */
  const keepAlive = async (key: string, frame: Frame): Promise<boolean> => {
    if (deps.now() - (lookedAt.get(key) ?? -Infinity) >= KEEP_ALIVE_MS) {
      lookedAt.set(key, deps.now());
      if (await dormant(frame.tabId)) {
        pause(key, frame.tabId);
        return false;
      }
    }
    if (deps.now() - keptAliveAt < KEEP_ALIVE_MS) return true;
    keptAliveAt = deps.now();
    void deps.keepAlive().catch(() => undefined);
    return true;
  };

  /**
   * What was found goes to the frame, after the subscription is stored as it now stands (nothing comes twice; a failed
   * write sends nothing and moves nothing on). A pending kind's memory of what it sent stays in the worker: it changes
   * every turn and can be large.
   */
  const send = async (key: string, before: SubscriptionRecord, { subscription, results }: Report) => {
    const entry = live.get(key);
    if (!entry) return;
    // A stream's push may have come while a poll read: what it sent is not sent again.
    const report = entry.subscription !== before && isPendingKind(subscription) ? unsentPending(entry.subscription, results) : { subscription, results };
    if (report.subscription !== entry.subscription) {
      if (!isPendingKind(report.subscription)) await deps.pages.replace(key, report.subscription, fewerRecentLogs);
      entry.subscription = report.subscription;
    }
    for (const result of report.results) {
      // Unsubscribed meanwhile: nothing more.
      if (live.get(key) !== entry) return;
      if (await deps.events.deliver(report.subscription.frame, { type: 'eth_subscription', data: { subscription: report.subscription.id, result } })) continue;
      await end([key]);
      break;
    }
  };

  const pushed = async (key: string, result: unknown) => {
    const before = live.get(key)?.subscription;
    if (before && isPendingKind(before)) await send(key, before, unsentPending(before, [result]));
  };

  /** One turn; a pending kind its network's stream serves reads nothing. */
  const turn = (key: string) => async ({ node }: Turn): Promise<number> => {
    const before = live.get(key)?.subscription;
    if (!before || !(await keepAlive(key, before.frame))) return POLL_MS.newHeads;
    if (!streams.serving(key)) await send(key, before, await reportOf(node, before, await deps.changes.changesDeps()));
    return pollPeriod(before.kind, await deps.blockTimeMs(before.chainId).catch(() => undefined));
  };

  const start = (site: string, subscription: SubscriptionRecord) => {
    const key = keyOf(subscription.frame.origin, subscription.id);
    paused.delete(key);
    const stop = deps.loops.watch(subscription.chainId, turn(key), POLL_MS[subscription.kind], () => deps.budget.tryCharge(site));
    live.set(key, { subscription, stop });
    streams.open(key, subscription);
  };

  /** Runs the stored subscriptions `which` picks that are not running; `shownOnly`: not those of a tab hidden too long. */
  const startStored = async (which: (subscription: SubscriptionRecord) => boolean, shownOnly: boolean) => {
    for (const [key, { site, record }] of Object.entries(await deps.pages.list<SubscriptionRecord>(PREFIX))) {
      if (live.has(key) || !which(record)) continue;
      if (shownOnly && (await dormant(record.frame.tabId))) paused.set(key, record.frame.tabId);
      else start(site, record);
    }
    if (live.size > 0) deps.scheduleWake();
  };

  return {
    async add(site, subscription) {
      const refused = () => new RpcError(ErrorCode.limitExceeded, `${site} has ${MAX_SUBSCRIPTIONS_PER_SITE} subscriptions already (its subdomains' count too): end one (eth_unsubscribe) first`);
      await deps.pages.put(site, keyOf(subscription.frame.origin, subscription.id), subscription, { prefix: PREFIX, count: MAX_SUBSCRIPTIONS_PER_SITE, refused });
      start(site, subscription);
      deps.scheduleWake();
    },
    async remove(origin, id) {
      const key = keyOf(origin, id);
      const found = live.has(key) || (await deps.pages.get(key)) !== undefined;
      await end([key]);
      return found;
    },
    async frameGone(tabId, frameId) {
      const stored = Object.entries(await deps.pages.list<SubscriptionRecord>(PREFIX)).map(([key, { record }]) => [key, record] as const);
      const ofFrame = (s: SubscriptionRecord) => s.frame.tabId === tabId && (frameId === undefined || s.frame.frameId === frameId);
      const keys = new Set([...stored, ...[...live].map(([key, { subscription }]) => [key, subscription] as const)].filter(([, s]) => ofFrame(s)).map(([key]) => key));
      await end([...keys]);
    },
    async resume() {
      await startStored(() => true, true);
      return live.size;
    },
    async wake(tabId) {
      askedAt.set(tabId, deps.now());
      // Only the tab's own paused subscriptions are read: another tab's requests cost nothing.
      if (![...paused.values()].includes(tabId)) return;
      await startStored((subscription) => subscription.frame.tabId === tabId, false);
    },
  };
}
