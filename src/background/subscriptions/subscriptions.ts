/**
 * The subscriptions pages made (eth_subscribe), each a watcher on its network's poll loop (../watch/pollLoop.ts)
 * that sends what it finds to the frame that subscribed, as EIP-1193 `message` events. They are kept in memory while
 * the worker runs and in session storage for the next one, each under its own key and within its site's share of the
 * pages' bytes (../pageState/); they end with eth_unsubscribe, when their frame goes away (its port closed, its tab
 * closed, or a message could not reach it), or with the browser.
 *
 * They keep the worker awake only while their tab was shown or made a request lately (./dormancy.ts); one of a tab
 * hidden and silent longer pauses (reads, sends and keeps awake nothing), and goes on from where it was at that tab's
 * next request (`wake`), or when a later worker starts and finds the tab shown.
 *
 * Heads and logs subscriptions of a network look on the same beat, so each turn asks the node once for the head and
 * once for the new blocks' logs of all of them (./reports.ts); a turn that finds nothing for a subscription stores
 * nothing for it (its position is stored at least every STORE_EVERY_MS).
 */
import { ErrorCode, RpcError } from '../../shared/errors';
import type { Hex } from '../../shared/params';
import type { PageState } from '../pageState/store';
import type { Frame } from '../transport/frames';
import type { PollLoops, Turn } from '../watch/pollLoop';
import type { RequestBudget } from '../budget/requestBudget';
import { fewerRecent, type ChangesSource } from '../filters/changes';
import { unionOf, type Criteria } from '../filters/logMatch';
import { createBlockPace, POLL_MS, pollPeriod } from './blockPace';
import { createDormancy, KEEP_ALIVE_MS, type DormancyDeps } from './dormancy';
import { createPreconfStreams, isPendingKind, type PreconfStreamsDeps } from './preconfStreams';
import { reportOf, unsentPending, type Report } from './reports';
import type { SubscriptionRecord } from './types';

export const MAX_SUBSCRIPTIONS_PER_SITE = 32;

/** A subscription's position (its tip) is stored at least this often when its turns find nothing to report. */
export const STORE_EVERY_MS = KEEP_ALIVE_MS;

/**
 * Where a subscription's events go. The composition root (createListening.ts) implements it with transport/frames.ts
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
  keepAlive: DormancyDeps['keepAlive'];
  /** Sets the alarm that wakes a worker the browser stopped anyway while subscriptions live (../alarms.ts), unless it is set. */
  scheduleWake(): void;
  /**
   * Each distinct read of a turn a site's subscriptions use is taken once from the site's budget (../watch/pollLoop.ts
   * `Payer`); when it is spent, the turn waits.
   */
  budget: Pick<RequestBudget, 'tryCharge'>;
  tabShownAt: DormancyDeps['tabShownAt'];
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
  /** Running subscriptions; `storedAt`: when the record was last written. */
  const live = new Map<string, { subscription: SubscriptionRecord; storedAt: number; stop(): void }>();
  /** Stored subscriptions not running, by key, and their tab: it was hidden too long. */
  const paused = new Map<string, number>();
  /** What the logs subscriptions of each network ask the node together; made again when they change. */
  const unions = new Map<Hex, Criteria>();
  const dormancy = createDormancy(deps);
  const pace = createBlockPace();
  /** The block time last paced by, per network, so that a new subscription starts on the beat of those running. */
  const blockTimes = new Map<Hex, number | undefined>();
  const streams = createPreconfStreams({ ...deps.streams, pushed: (key, result) => void pushed(key, result) });

  const stopRunning = (key: string) => {
    const entry = live.get(key);
    entry?.stop();
    live.delete(key);
    if (entry) unions.delete(entry.subscription.chainId);
    dormancy.forget(key);
    streams.close(key);
  };

  const end = async (keys: string[]) => {
    for (const key of keys) {
      stopRunning(key);
      paused.delete(key);
    }
    await deps.pages.remove(keys);
  };

  /** Stops running a subscription of a hidden tab; it stays stored. */
  const pause = (key: string, tabId: number) => {
    stopRunning(key);
    paused.set(key, tabId);
  };

  const unionOn = (chainId: Hex): Criteria => {
    let union = unions.get(chainId);
    if (!union) {
      const criterias = [...live.values()].filter(({ subscription: s }) => s.kind === 'logs' && s.chainId === chainId).map(({ subscription: s }) => s.criteria);
      union = unionOf(criterias);
      unions.set(chainId, union);
    }
    return union;
  };

  /**
   * What was found goes to the frame, after the subscription is stored as it now stands (nothing comes twice; a failed
   * write sends nothing and moves nothing on). A turn that found nothing to send moves it on in memory only (its
   * record is written once STORE_EVERY_MS passed): a later worker reads those blocks again and finds nothing in them
   * either. A pending kind's memory of what it sent stays in the worker: it changes every turn and can be large.
   */
  const send = async (key: string, before: SubscriptionRecord, { subscription, results }: Report) => {
    const entry = live.get(key);
    if (!entry) return;
    // A stream's push may have come while a poll read: what it sent is not sent again.
    const report = entry.subscription !== before && isPendingKind(subscription) ? unsentPending(entry.subscription, results) : { subscription, results };
    if (report.subscription !== entry.subscription) {
      const store = !isPendingKind(report.subscription) && (report.results.length > 0 || deps.now() - entry.storedAt >= STORE_EVERY_MS);
      if (store) {
        await deps.pages.replace(key, report.subscription, fewerRecentLogs);
        entry.storedAt = deps.now();
      }
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

  /** The period of its next turn; heads and logs note the head their turn read (shared: no read more). */
  const nextPeriod = async (node: Turn['node'], { kind, chainId }: SubscriptionRecord): Promise<number> => {
    if (kind === 'newHeads' || kind === 'logs') pace.saw(chainId, await node<{ number: Hex; timestamp: Hex } | null>('eth_getBlockByNumber', ['latest', false]).catch(() => null));
    const blockTimeMs = pace.blockTimeMs(chainId, await deps.blockTimeMs(chainId).catch(() => undefined));
    blockTimes.set(chainId, blockTimeMs);
    return pollPeriod(kind, blockTimeMs);
  };

  /** One turn; a pending kind its network's stream serves reads nothing. */
  const turn = (key: string) => async ({ node }: Turn): Promise<number> => {
    const before = live.get(key)?.subscription;
    if (!before) return POLL_MS.newHeads;
    if (!(await dormancy.keepsAwake(key, before.frame.tabId))) {
      pause(key, before.frame.tabId);
      return POLL_MS.newHeads;
    }
    if (!streams.serving(key)) await send(key, before, await reportOf(node, before, await deps.changes.changesDeps(), unionOn(before.chainId)));
    return nextPeriod(node, before);
  };

  const start = (site: string, subscription: SubscriptionRecord) => {
    const key = keyOf(subscription.frame.origin, subscription.id);
    paused.delete(key);
    const { chainId, kind } = subscription;
    const stop = deps.loops.watch(chainId, turn(key), pollPeriod(kind, blockTimes.get(chainId)), { key: site, charge: () => deps.budget.tryCharge(site) });
    live.set(key, { subscription, storedAt: deps.now(), stop });
    unions.delete(chainId);
    streams.open(key, subscription);
  };

  /** Runs the stored subscriptions `which` picks that are not running; `shownOnly`: not those of a tab hidden too long. */
  const startStored = async (which: (subscription: SubscriptionRecord) => boolean, shownOnly: boolean) => {
    for (const [key, { site, record }] of Object.entries(await deps.pages.list<SubscriptionRecord>(PREFIX))) {
      if (live.has(key) || !which(record)) continue;
      if (shownOnly && (await dormancy.dormant(record.frame.tabId))) paused.set(key, record.frame.tabId);
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
      dormancy.asked(tabId);
      // Only the tab's own paused subscriptions are read: another tab's requests cost nothing.
      if (![...paused.values()].includes(tabId)) return;
      await startStored((subscription) => subscription.frame.tabId === tabId, false);
    },
  };
}
