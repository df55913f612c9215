/**
 * One sender at a time per account: two tabs sending at once must not read the same pending nonce.
 * Held from the nonce read until the node has the transactions.
 */
const tails = new Map<string, Promise<unknown>>();

export function withAccountLock<T>(account: string, work: () => Promise<T>): Promise<T> {
  const key = account.toLowerCase();
  const run = (tails.get(key) ?? Promise.resolve()).catch(() => undefined).then(work);
  tails.set(key, run.catch(() => undefined));
  return run;
}
