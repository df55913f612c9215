/**
 * The worker's alarms in one place: each one's name, when it is set, and what it runs. Alarms outlive the worker
 * (timers do not) and wake it. The domains never name an alarm: createServices.ts and createListening.ts hand them the
 * setters below, and index.ts registers `listenToAlarms` at top level, so an alarm that wakes the worker is heard.
 */
import type { Services } from './services';

export const ALARMS = {
  /** Once, at the idle deadline (vault/autoLock.ts): the wallet locks. */
  autoLock: { name: 'auto-lock' },
  /** Always: the delegation firewall looks again while the popup is closed (the popup and unlock look on their own). */
  firewall: { name: 'delegation-firewall', periodInMinutes: 1 },
  /** Always: a newer phishing list, fetched at most daily (protection/phishingUpdates.ts). */
  phishingList: { name: 'phishing-list', periodInMinutes: 6 * 60 },
  /** While subscriptions live: a worker the browser stopped anyway starts and resumes them; cleared when none is left. */
  subscriptions: { name: 'subscriptions', periodInMinutes: 0.5 },
  /** While filters are kept: the expired ones are dropped; cleared when none is left. */
  filters: { name: 'filters', periodInMinutes: 1 },
} as const;

type PeriodicKind = { [K in keyof typeof ALARMS]: (typeof ALARMS)[K] extends { periodInMinutes: number } ? K : never }[keyof typeof ALARMS];

/** browser.alarms, as far as the wallet uses it. */
export interface AlarmsApi {
  create(name: string, info: { when?: number; periodInMinutes?: number }): Promise<void> | void;
  clear(name: string): Promise<unknown>;
  get(name: string): Promise<unknown>;
}

/**
 * Sets a periodic alarm unless it is set: creating it again would put its next run off (pages adding filters would
 * keep the sweep from ever running, and every worker start would put the firewall's look off).
 */
export function keepPeriodic(api: AlarmsApi, kind: PeriodicKind): void {
  const { name, periodInMinutes } = ALARMS[kind];
  void Promise.resolve(api.get(name)).then((set) => (set ? undefined : api.create(name, { periodInMinutes }))).catch(() => undefined);
}

/** The auto-lock's alarm, as vault/autoLock.ts moves it. */
export const lockAlarm = (api: AlarmsApi) => ({
  at: (when: number) => api.create(ALARMS.autoLock.name, { when }),
  clear: () => api.clear(ALARMS.autoLock.name),
});

export interface AlarmWork {
  services: Services;
  /** Locks the wallet and tells the connected sites (index.ts). */
  lock(): Promise<void>;
  /** Fetches a newer phishing list when the one kept is a day old (index.ts also runs it at each start). */
  refreshPhishingList(): Promise<unknown>;
  /** Settles once the worker's start has (an overdue lock done first). */
  started: Promise<unknown>;
}

/** What each alarm runs. A periodic alarm whose work is over (no subscription or filter left) is cleared. */
export function listenToAlarms(api: AlarmsApi & { onAlarm: { addListener(listener: (alarm: { name: string }) => void): void } }, work: AlarmWork): void {
  const { services } = work;
  const clearWhenNoneLeft = (kind: PeriodicKind) => (left: number) => (left === 0 ? api.clear(ALARMS[kind].name) : undefined);
  const handlers: { [K in keyof typeof ALARMS]: () => Promise<unknown> } = {
    autoLock: work.lock,
    firewall: async () => {
      if (await services.vault.isUnlocked()) await services.firewall.check().catch((error: Error) => console.warn('[firewall] periodic check failed', error.message));
    },
    phishingList: work.refreshPhishingList,
    subscriptions: () => work.started.then(() => services.subscriptions.resume()).then(clearWhenNoneLeft('subscriptions')),
    filters: () => services.filters.sweep().then(clearWhenNoneLeft('filters')),
  };
  api.onAlarm.addListener(({ name }) => {
    const kind = (Object.keys(ALARMS) as (keyof typeof ALARMS)[]).find((k) => ALARMS[k].name === name);
    if (kind) void handlers[kind]().catch((error: Error) => console.warn(`[alarms] ${name} failed`, error.message));
  });
  keepPeriodic(api, 'firewall');
  keepPeriodic(api, 'phishingList');
}
