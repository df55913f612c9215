/**
 * Identical reads on their way share one node call: two frames asking for the same balance at the same moment cost
 * one request. Only while the call is on its way (its answer is never kept), and only for the very same method,
 * params (block tag included) and network.
 */
export type Coalesce = <T>(key: string, run: () => Promise<T>) => Promise<T>;

export function createCoalescer(): Coalesce {
  const onTheirWay = new Map<string, Promise<unknown>>();
  return <T>(key: string, run: () => Promise<T>): Promise<T> => {
    const shared = onTheirWay.get(key);
    if (shared) return shared as Promise<T>;
    // Not `finally`, whose extra promises and turns every read would pay for.
    const done = () => onTheirWay.delete(key);
    const call = run().then(
      (result) => (done(), result),
      (error: unknown) => {
        done();
        throw error;
      },
    );
    onTheirWay.set(key, call);
    return call;
  };
}
