/**
 * What pages listen to, for createServices.ts: the one poll loop per network (watch/pollLoop.ts), the filters
 * (eth_newFilter and its kin) and the subscriptions (eth_subscribe) read on it, and `changesDeps`, what both read
 * besides the node (filters/changes.ts `ChangesSource`): the range setting, the wallet's own pending and withheld
 * transactions (batches/ownPending.ts).
 */
import { keepPeriodic, type AlarmsApi } from './alarms';
import { ownPending, withheldTransactions, type OwnPendingDeps } from './batches/ownPending';
import { releaseNodeFilter, type ChangesDeps } from './filters/changes';
import { createFilters } from './filters/store';
import type { Nodes } from './networks/nodes';
import type { Networks } from './networks/registry';
import type { PageState } from './pageState/store';
import type { Services } from './services';
import { logsRangeLimit, type SettingsStorage } from './settings/settings';
import { createSubscriptions, type SubscriptionsDeps } from './subscriptions/subscriptions';
import type { Frames } from './transport/frames';
import { createPollLoops } from './watch/pollLoop';

/** `batches` and `permissions`: the wallet's own transactions, which pending-transaction filters and subscriptions report. */
export interface ListeningDeps extends OwnPendingDeps {
  /** The widest block range one eth_getLogs may ask (the user's setting). */
  settings: SettingsStorage;
  /** Where filters and subscriptions are kept for the next worker (storage.session, pageState/). */
  pages: PageState;
  alarms: AlarmsApi;
  keepAlive: SubscriptionsDeps['keepAlive'];
  tabShownAt: SubscriptionsDeps['tabShownAt'];
  /** Where subscriptions' events go, and who says their frame is gone. */
  frames: Pick<Frames, 'emitTo' | 'onGone'>;
  budget: SubscriptionsDeps['budget'];
  nodes: Pick<Nodes, 'nodeFor' | 'detection'>;
  networks: Pick<Networks, 'find'>;
}

export type Listening = Pick<Services, 'loops' | 'filters' | 'subscriptions' | 'changesDeps'>;

export function createListening(deps: ListeningDeps): Listening {
  const { alarms, frames, nodes, networks, pages } = deps;
  const loops = createPollLoops(nodes.nodeFor);
  const changesDeps = async (): Promise<ChangesDeps> => {
    return {
      logsBlockRangeLimit: logsRangeLimit(await deps.settings.get('settings')),
      ownPending: (chainId, origin) => ownPending(deps, chainId, origin),
      withheld: (chainId, origin) => withheldTransactions(deps, chainId, origin),
    };
  };
  const filters = createFilters({
    pages,
    now: Date.now,
    scheduleSweep: () => keepPeriodic(alarms, 'filters'),
    released: ({ chainId, nodeFilter }) => {
      if (nodeFilter) void nodes.nodeFor(chainId).then((node) => releaseNodeFilter(node, nodeFilter)).catch(() => undefined);
    },
  });
  const subscriptions = createSubscriptions({
    pages,
    loops,
    events: { deliver: (frame, data) => frames.emitTo(frame, 'message', data) },
    changes: { changesDeps },
    keepAlive: deps.keepAlive,
    scheduleWake: () => keepPeriodic(alarms, 'subscriptions'),
    budget: deps.budget,
    tabShownAt: deps.tabShownAt,
    blockTimeMs: async (chainId) => (await nodes.detection.stored(chainId))?.blockTimeMs,
    streams: {
      urlFor: async (chainId) => (await networks.find(chainId))?.preconfWsUrl,
      connect: (url) => new WebSocket(url),
      setTimeout: (run, ms) => setTimeout(run, ms),
    },
    now: Date.now,
  });
  frames.onGone((tabId, frameId) => void subscriptions.frameGone(tabId, frameId));
  return { loops, filters, subscriptions, changesDeps };
}
