/**
 * The subscriptions pages made (eth_subscribe), each a watcher on its network's poll loop (../watch/pollLoop.ts)
 * that sends what it finds to the frame that subscribed, as EIP-1193 `message` events. They are kept in memory while
 * the worker runs and in session storage for the next one; they end with eth_unsubscribe, when their frame goes away
 * (its port closed, its tab closed, or a message could not reach it), or with the browser.
 */
import { ErrorCode, RpcError } from '../../shared/errors';
import type { Hex } from '../../shared/params';
import type { TypedStorage } from '../storage/typedStorage';
import type { Frame } from '../transport/frames';
import { quarterBlock, type PollLoops, type Turn } from '../watch/pollLoop';
import type { RequestBudget } from '../budget/requestBudget';
import type { ChangesSource } from '../filters/changes';
import { createPreconfStreams, isPendingKind, type PreconfStreamsDeps } from './preconfStreams';
import { reportOf, unsentPending, type Report } from './reports';
import type { SubscriptionKind } from '../../shared/schemas/subscription';
import type { SubscriptionRecord, SubscriptionsSlice } from './types';

export const MAX_SUBSCRIPTIONS_PER_ORIGIN = 32;

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
 * A worker the browser stopped anyway is woken by this alarm while subscriptions live (its start resumes them); it is
 * cleared at a wake that finds none.
 */
export const SUBSCRIPTIONS_ALARM = 'subscriptions';

/**
 * Where a subscription's events go. The composition root (createServices.ts) implements it with transport/frames.ts
 * `emitTo`: an EIP-1193 `message` event to the frame, which its provider hands to the page's listeners.
 */
export interface SubscriptionEvents {
  /** Sends the event's data to the frame that subscribed; false when the frame is gone. */
  deliver(frame: Frame, data: unknown): Promise<boolean>;
}

export interface SubscriptionsDeps {
  session: TypedStorage<SubscriptionsSlice>;
  loops: Pick<PollLoops, 'watch'>;
  events: SubscriptionEvents;
  /** What a report reads besides the node: the range limit, the wallet's own pending transactions. */
  changes: ChangesSource;
  /** Any extension API call: it counts as activity, so the browser keeps the worker. */
  keepAlive(): Promise<unknown>;
  /** Sets SUBSCRIPTIONS_ALARM. */
  scheduleWake(): void;
  /** Each read that reaches the node is taken from the origin's budget; when it is spent, the turn waits. */
  budget: Pick<RequestBudget, 'tryCharge'>;
  /** The network's block time as detected (networks/detection.ts), if it was. */
  blockTimeMs(chainId: Hex): Promise<number | undefined>;
  /** The networks' pre-confirmation WebSocket endpoints (./preconfStreams.ts). */
  streams: Omit<PreconfStreamsDeps, 'pushed'>;
  now(): number;
}

export interface Subscriptions {
  /** Starts a subscription; -32005 when its origin has MAX_SUBSCRIPTIONS_PER_ORIGIN already. */
  add(subscription: SubscriptionRecord): Promise<void>;
  /** eth_unsubscribe: true when the origin had it. */
  remove(origin: string, id: Hex): Promise<boolean>;
  /** A frame went away (or every frame of a tab, `frameId` undefined): its subscriptions end. */
  frameGone(tabId: number, frameId?: number): Promise<void>;
  /** After a worker start: the stored subscriptions run again; answers how many there are. */
  resume(): Promise<number>;
}

const keyOf = (origin: string, id: string) => `${origin} ${id.toLowerCase()}`;

export function createSubscriptions(deps: SubscriptionsDeps): Subscriptions {
  const live = new Map<string, { subscription: SubscriptionRecord; stop(): void }>();
  let keptAliveAt = -Infinity;
  const streams = createPreconfStreams({ ...deps.streams, pushed: (key, result) => void pushed(key, result) });

  const end = async (keys: string[]) => {
    for (const key of keys) {
      live.get(key)?.stop();
      live.delete(key);
      streams.close(key);
    }
    if (keys.length > 0) await deps.session.update('subscriptions', (all) => Object.fromEntries(Object.entries(all).filter(([key]) => !keys.includes(key))));
  };

  const keepAlive = () => {
    if (deps.now() - keptAliveAt < KEEP_ALIVE_MS) return;
    keptAliveAt = deps.now();
    void deps.keepAlive().catch(() => undefined);
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
      if (!isPendingKind(report.subscription)) await deps.session.update('subscriptions', (all) => (all[key] ? { ...all, [key]: report.subscription } : all));
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
    if (!before) return POLL_MS.newHeads;
    keepAlive();
    if (!streams.serving(key)) await send(key, before, await reportOf(node, before, await deps.changes.changesDeps()));
    return pollPeriod(before.kind, await deps.blockTimeMs(before.chainId).catch(() => undefined));
  };

  const start = (subscription: SubscriptionRecord) => {
    const key = keyOf(subscription.frame.origin, subscription.id);
    const stop = deps.loops.watch(subscription.chainId, turn(key), POLL_MS[subscription.kind], () => deps.budget.tryCharge(subscription.frame.origin));
    live.set(key, { subscription, stop });
    streams.open(key, subscription);
  };

  return {
    async add(subscription) {
      const { origin } = subscription.frame;
      await deps.session.update('subscriptions', (all) => {
        if (Object.values(all).filter((s) => s.frame.origin === origin).length >= MAX_SUBSCRIPTIONS_PER_ORIGIN) {
          throw new RpcError(ErrorCode.limitExceeded, `${origin} has ${MAX_SUBSCRIPTIONS_PER_ORIGIN} subscriptions already: end one (eth_unsubscribe) first`);
        }
        return { ...all, [keyOf(origin, subscription.id)]: subscription };
      });
      start(subscription);
      deps.scheduleWake();
    },
    async remove(origin, id) {
      const key = keyOf(origin, id);
      const found = live.has(key) || key in (await deps.session.get('subscriptions'));
      await end([key]);
      return found;
    },
    async frameGone(tabId, frameId) {
      const all = await deps.session.get('subscriptions');
      const ofFrame = (s: SubscriptionRecord) => s.frame.tabId === tabId && (frameId === undefined || s.frame.frameId === frameId);
      const keys = new Set([...Object.entries(all), ...[...live].map(([key, { subscription }]) => [key, subscription] as const)].filter(([, s]) => ofFrame(s)).map(([key]) => key));
      await end([...keys]);
    },
    async resume() {
      const stored = Object.values(await deps.session.get('subscriptions'));
      for (const subscription of stored) {
        if (!live.has(keyOf(subscription.frame.origin, subscription.id))) start(subscription);
      }
      return stored.length;
    },
  };
}
