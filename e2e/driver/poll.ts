/**
 * Waiting for a condition by asking again: for what Firefox reports no event about (see firefox/session.ts), for
 * pages the extension opens, and for a batch's status.
 */
import { setTimeout as delay } from 'node:timers/promises';

const INTERVAL_MS = 50;
export const WAIT_TIMEOUT_MS = 15_000;

/** Resolves to the first value `probe` returns that is not undefined. */
export async function poll<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = WAIT_TIMEOUT_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await delay(INTERVAL_MS);
  }
}
