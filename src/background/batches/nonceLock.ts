/**
 * One sender at a time per account: two tabs sending at once must not read the same pending nonce.
 * Held from the nonce read until the node has the transactions.
 */
const tails = new Map<string, Promise<unknown>>();

export function withAccountLock<T>(account: string, work: () => Promise<T>): Promise<T> {
  const key = account.toLowerCase();
  const run = (tails.get(key) ?? Promise.resolve()).then(work);
  // The next sender waits for this one, without what it returned (the batch it sent): that would stay in memory.
  tails.set(key, run.then(() => undefined, () => undefined));
  return run;
}
