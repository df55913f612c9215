/**
 * A running subscription on its network's poll loop (../watch/pollLoop.ts): at each turn it reads what is new for it
 * (./reports.ts; the logs subscriptions of a network ask the node once, for the union of their criteria), sends that
 * to the frame that subscribed as EIP-1193 `message` events, and says when to look next (./blockPace.ts). A pending
 * kind its network's pre-confirmation stream serves (./preconfStreams.ts) reads nothing: the stream's pushes are sent
 * instead. A turn that finds nothing for a subscription stores nothing for it (its position is stored at least every
 * STORE_EVERY_MS).
 */
import type { Hex } from '../../shared/params';
import type { RequestBudget } from '../budget/requestBudget';
import type { PageState } from '../pageState/store';
import type { Frame } from '../transport/frames';
import type { PollLoops, Turn } from '../watch/pollLoop';
import { fewerRecent, type ChangesSource } from '../filters/changes';
import { unionOf, type Criteria } from '../filters/logMatch';
import { createBlockPace, POLL_MS, pollPeriod } from './blockPace';
import { KEEP_ALIVE_MS, type Dormancy } from './dormancy';
import { createPreconfStreams, isPendingKind, type PreconfStreamsDeps } from './preconfStreams';
import { reportOf, unsentPending, type Report } from './reports';
import type { SubscriptionRecord } from './types';

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

export interface TurnsDeps {
  pages: Pick<PageState, 'replace'>;
  loops: Pick<PollLoops, 'watch'>;
  /**
   * Each distinct read of a turn a site's subscriptions use is taken once from the site's budget (../watch/pollLoop.ts
   * `Payer`); when it is spent, the turn waits.
   */
  budget: Pick<RequestBudget, 'tryCharge'>;
  events: SubscriptionEvents;
  /** What a report reads besides the node: the range limit, the wallet's own pending transactions. */
  changes: ChangesSource;
  /** The network's block time as detected (networks/detection.ts), if it was. */
  blockTimeMs(chainId: Hex): Promise<number | undefined>;
  /** The networks' pre-confirmation WebSocket endpoints (./preconfStreams.ts). */
  streams: Omit<PreconfStreamsDeps, 'pushed'>;
  now(): number;
}

/** A running subscription: its record as it now stands, when that was last stored, and how its watcher stops. */
export interface LiveSubscription {
  subscription: SubscriptionRecord;
  storedAt: number;
  stop(): void;
}

/** What the turns reach of ./subscriptions.ts: the running subscriptions by key, and how one stops. */
export interface Running {
  live: ReadonlyMap<string, LiveSubscription>;
  /** Its tab was hidden too long: it stops running and stays stored. */
  pause(key: string, tabId: number): void;
  /** Its frame could not be reached: it ends. */
  end(keys: string[]): Promise<void>;
}

export interface Turns {
  /** Puts a subscription of a page of `site` on its network's poll loop; the function returned takes it off. */
  watch(site: string, key: string, subscription: SubscriptionRecord): () => void;
}

/** A logs subscription that no longer fits its site's room keeps fewer of its filter's recent logs (../filters/changes.ts). */
const fewerRecentLogs = (subscription: SubscriptionRecord): SubscriptionRecord | undefined => {
  const filter = subscription.filter && fewerRecent(subscription.filter);
  return filter && { ...subscription, filter };
};

export function createTurns(deps: TurnsDeps, { live, pause, end }: Running, dormancy: Pick<Dormancy, 'keepsAwake'>): Turns {
  /** What the logs subscriptions of each network ask the node together; made again when they change. */
  const unions = new Map<Hex, Criteria>();
  const pace = createBlockPace();
  /** The block time last paced by, per network, so that a new subscription starts on the beat of those running. */
  const blockTimes = new Map<Hex, number | undefined>();
  const streams = createPreconfStreams({ ...deps.streams, pushed: (key, result) => void pushed(key, result) });

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

  return {
    watch(site, key, subscription) {
      const { chainId, kind } = subscription;
      const stop = deps.loops.watch(chainId, turn(key), pollPeriod(kind, blockTimes.get(chainId)), { key: site, charge: () => deps.budget.tryCharge(site) });
      unions.delete(chainId);
      streams.open(key, subscription);
      return () => {
        stop();
        unions.delete(chainId);
        streams.close(key);
      };
    },
  };
}
