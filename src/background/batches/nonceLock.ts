/**
 * One sender at a time per account: two tabs sending at once must not read the same pending nonce.
 * Held from the nonce read until the node has the transactions.
 */

/**
 * Kept on the global scope: background.js and background-later.js each bundle a copy of this module (runBatch sends
 * in the first, a Ledger account's payload is built in turn in the later), and two maps would be two locks.
 */
const LOCKS = Symbol.for('batchwallet.accountLocks');
const tails = ((globalThis as { [LOCKS]?: Map<string, Promise<unknown>> })[LOCKS] ??= new Map());

export function withAccountLock<T>(account: string, work: () => Promise<T>): Promise<T> {
  const key = account.toLowerCase();
  const run = (tails.get(key) ?? Promise.resolve()).then(work);
  // The next sender waits for this one, without what it returned (the batch it sent): that would stay in memory.
  tails.set(key, run.then(() => undefined, () => undefined));
  return run;
}
