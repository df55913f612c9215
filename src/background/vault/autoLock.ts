/**
 * Locks the wallet after a configurable idle time. An alarm does it while the browser runs (alarms outlive the
 * worker, timers do not); the deadline is also kept in session storage, so a worker that starts after it passed
 * (stopped, or its alarm late) locks before it answers anything.
 */
import { MAX_AUTO_LOCK_MINUTES, SETTINGS_DEFAULTS, type SettingsStorage } from '../settings/settings';
import type { TypedStorage } from '../storage/typedStorage';

export interface LockDeadlineSlice {
  /** Milliseconds since the epoch; null while locked. */
  lockAt: number | null;
}
export const LOCK_DEADLINE_DEFAULTS: LockDeadlineSlice = { lockAt: null };

export interface IdleTimerDeps {
  settings: SettingsStorage;
  session: TypedStorage<LockDeadlineSlice>;
  /** The auto-lock's alarm (../alarms.ts): set to go off at a time, or cleared. */
  alarm: { at(when: number): Promise<void> | void; clear(): Promise<unknown> };
  now(): number;
}

export interface IdleTimer {
  /** The user acted: the deadline moves to auto-lock minutes from now. */
  restart(): Promise<void>;
  stop(): Promise<void>;
  /** Whether the deadline has passed (the wallet must lock now). */
  overdue(): Promise<boolean>;
}

/**
 * The stored minutes when they are a count the Settings screen takes, else the default. A content script can write
 * storage.local (Firefox): text made the deadline no number (never locked, and an alarm the browser may refuse before
 * every page request but reads, unlock and reset among them), fewer than one locked at each request, 2^53 − 1 made it
 * a time past any date.
 */
const minutesOf = (stored: unknown): number =>
  Number.isInteger(stored) && (stored as number) >= 1 && (stored as number) <= MAX_AUTO_LOCK_MINUTES ? (stored as number) : SETTINGS_DEFAULTS.settings.autoLockMinutes;

export function createIdleTimer({ settings, session, alarm, now }: IdleTimerDeps): IdleTimer {
  return {
    async restart() {
      const lockAt = now() + minutesOf((await settings.get('settings')).autoLockMinutes) * 60_000;
      await session.set('lockAt', lockAt);
      await alarm.at(lockAt);
    },
    async stop() {
      await session.set('lockAt', null);
      await alarm.clear();
    },
    async overdue() {
      const lockAt = await session.get('lockAt');
      return lockAt !== null && now() >= lockAt;
    },
  };
}
