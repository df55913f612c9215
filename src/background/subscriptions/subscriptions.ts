/**
 * The subscriptions pages made (eth_subscribe), each a watcher on its network's poll loop (../watch/pollLoop.ts)
 * that sends what it finds to the frame that subscribed, as EIP-1193 `message` events (./turns.ts). They are kept in
 * memory while the worker runs and in session storage for the next one, each under its own key and within its site's
 * share of the pages' bytes (../pageState/); they end with eth_unsubscribe, when their frame goes away (its port
 * closed, its tab closed, or a message could not reach it), or with the browser.
 *
 * They keep the worker awake only while their tab was shown or made a request lately (./dormancy.ts); one of a tab
 * hidden and silent longer pauses (reads, sends and keeps awake nothing), and goes on from where it was at that tab's
 * next request (`wake`), or when a later worker starts and finds the tab shown.
 */
import { ErrorCode, RpcError } from '../../shared/errors';
import type { Hex } from '../../shared/params';
import type { PageState } from '../pageState/store';
import { createDormancy, type DormancyDeps } from './dormancy';
import { createTurns, type LiveSubscription, type TurnsDeps } from './turns';
import type { SubscriptionRecord } from './types';

export const MAX_SUBSCRIPTIONS_PER_SITE = 32;

export interface SubscriptionsDeps extends TurnsDeps {
  pages: PageState;
  keepAlive: DormancyDeps['keepAlive'];
  /** Sets the alarm that wakes a worker the browser stopped anyway while subscriptions live (../alarms.ts), unless it is set. */
  scheduleWake(): void;
  tabShownAt: DormancyDeps['tabShownAt'];
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
  /** Running subscriptions. */
  const live = new Map<string, LiveSubscription>();
  /** Stored subscriptions not running, by key, and their tab: it was hidden too long. */
  const paused = new Map<string, number>();
  const dormancy = createDormancy(deps);

  const stopRunning = (key: string) => {
    live.get(key)?.stop();
    live.delete(key);
    dormancy.forget(key);
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

  const turns = createTurns(deps, { live, pause, end }, dormancy);

  const start = (site: string, subscription: SubscriptionRecord) => {
    const key = keyOf(subscription.frame.origin, subscription.id);
    paused.delete(key);
    live.set(key, { subscription, storedAt: deps.now(), stop: turns.watch(site, key, subscription) });
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
