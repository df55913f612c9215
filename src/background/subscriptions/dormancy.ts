/**
 * Whether a subscription's tab still counts as seen: shown, or it made a request, within DORMANT_AFTER_MS. While it
 * does, its subscriptions keep the worker awake (an API call every KEEP_ALIVE_MS); a tab hidden and silent longer has
 * its subscriptions paused (./subscriptions.ts), so the browser may stop the worker.
 */

/** A subscription whose tab has been hidden this long pauses. */
export const DORMANT_AFTER_MS = 10 * 60 * 1000;
/** While subscriptions are alive the worker is kept from stopping (MV3 stops an idle one after 30 s): an API call this often. */
export const KEEP_ALIVE_MS = 20_000;

export interface DormancyDeps {
  /** Any extension API call: it counts as activity, so the browser keeps the worker. */
  keepAlive(): Promise<unknown>;
  /** When the tab was last shown: now while it is its window's active tab; undefined when the browser cannot say. */
  tabShownAt(tabId: number): Promise<number | undefined>;
  now(): number;
}

export interface Dormancy {
  /** The tab made a request: it counts as seen. */
  asked(tabId: number): void;
  /** Hidden, and silent, for DORMANT_AFTER_MS. */
  dormant(tabId: number): Promise<boolean>;
  /**
   * False when the subscription's tab is dormant, which each subscription looks at once every KEEP_ALIVE_MS, whoever
   * keeps the worker awake; else true, and the worker is kept awake (at most once every KEEP_ALIVE_MS).
   */
  keepsAwake(key: string, tabId: number): Promise<boolean>;
  /** The subscription ended or paused. */
  forget(key: string): void;
}

export function createDormancy(deps: DormancyDeps): Dormancy {
  /** When each tab last made a request (this worker's memory). */
  const askedAt = new Map<number, number>();
  /** When each running subscription last looked whether its tab is dormant. */
  const lookedAt = new Map<string, number>();
  let keptAliveAt = -Infinity;

  const dormant = async (tabId: number) => {
    if (deps.now() - (askedAt.get(tabId) ?? -Infinity) <= DORMANT_AFTER_MS) return false;
    const shownAt = await deps.tabShownAt(tabId).catch(() => undefined);
    return shownAt !== undefined && deps.now() - shownAt > DORMANT_AFTER_MS;
  };

  return {
    asked: (tabId) => void askedAt.set(tabId, deps.now()),
    dormant,
    async keepsAwake(key, tabId) {
      if (deps.now() - (lookedAt.get(key) ?? -Infinity) >= KEEP_ALIVE_MS) {
        lookedAt.set(key, deps.now());
        if (await dormant(tabId)) return false;
      }
      if (deps.now() - keptAliveAt < KEEP_ALIVE_MS) return true;
      keptAliveAt = deps.now();
      void deps.keepAlive().catch(() => undefined);
      return true;
    },
    forget: (key) => void lookedAt.delete(key),
  };
}
