/**
 * Wrong-password throttling: after a few failures each next attempt waits twice as long. Kept in local storage
 * with the vault, so stopping the worker (or the browser) does not reset it.
 */

export interface UnlockThrottle {
  failures: number;
  /** Epoch ms before which no attempt is tried; 0 when free. */
  retryAt: number;
}

export const UNLOCK_THROTTLE_DEFAULTS: UnlockThrottle = { failures: 0, retryAt: 0 };

/** Failures allowed without any wait (typos). */
export const FREE_FAILURES = 3;
export const MAX_DELAY_MS = 15 * 60_000;

/** The wait after `failures` wrong passwords in a row: none for the first few, then 2 s, 4 s, 8 s, … up to 15 min. */
export const delayAfter = (failures: number): number =>
  failures < FREE_FAILURES ? 0 : Math.min(1000 * 2 ** (failures - FREE_FAILURES + 1), MAX_DELAY_MS);

export const afterFailure = (throttle: UnlockThrottle, now: number): UnlockThrottle => {
  const failures = throttle.failures + 1;
  return { failures, retryAt: now + delayAfter(failures) };
};

/** When the next attempt may run, or undefined if now; a retryAt set further ahead than any delay (a clock set back) counts as the longest. */
export function waitUntil(throttle: UnlockThrottle, now: number): number | undefined {
  const retryAt = Math.min(throttle.retryAt, now + MAX_DELAY_MS);
  return retryAt > now ? retryAt : undefined;
}
