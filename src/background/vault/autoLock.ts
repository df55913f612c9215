/**
 * Locks the wallet after a configurable idle time. An alarm does it while the browser runs (alarms outlive the
 * worker, timers do not); the deadline is also kept in session storage, so a worker that starts after it passed
 * (stopped, or its alarm late) locks before it answers anything.
 */
import type { SettingsStorage } from '../settings/settings';
import type { TypedStorage } from '../storage/typedStorage';

export const AUTO_LOCK_ALARM = 'auto-lock';

export interface LockDeadlineSlice {
  /** Milliseconds since the epoch; null while locked. */
  lockAt: number | null;
}
export const LOCK_DEADLINE_DEFAULTS: LockDeadlineSlice = { lockAt: null };

export interface IdleTimerDeps {
  settings: SettingsStorage;
  session: TypedStorage<LockDeadlineSlice>;
  alarms: { create(name: string, info: { when?: number; periodInMinutes?: number }): Promise<void> | void; clear(name: string): Promise<unknown> };
  now(): number;
}

export interface IdleTimer {
  /** The user acted: the deadline moves to auto-lock minutes from now. */
  restart(): Promise<void>;
  stop(): Promise<void>;
  /** Whether the deadline has passed (the wallet must lock now). */
  overdue(): Promise<boolean>;
}

export function createIdleTimer({ settings, session, alarms, now }: IdleTimerDeps): IdleTimer {
  return {
    async restart() {
      const { autoLockMinutes } = await settings.get('settings');
      const lockAt = now() + autoLockMinutes * 60_000;
      await session.set('lockAt', lockAt);
      await alarms.create(AUTO_LOCK_ALARM, { when: lockAt });
    },
    async stop() {
      await session.set('lockAt', null);
      await alarms.clear(AUTO_LOCK_ALARM);
    },
    async overdue() {
      const lockAt = await session.get('lockAt');
      return lockAt !== null && now() >= lockAt;
    },
  };
}
