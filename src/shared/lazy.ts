/**
 * A value computed on its first use rather than at import: the worker evaluates every module it bundles on each of its
 * starts, and a hash or a table built there delays its first answer.
 */
export function lazy<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

/**
 * A promise made on its first use and kept once it succeeds; one that fails (a read cut off as the worker stopped) is
 * made again on the next call rather than kept as a failure for the worker's life.
 */
export function lazyAsync<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make().catch((error: unknown) => {
    made = undefined;
    throw error;
  }));
}

/** The functions `M` exports, each as an async function that has `M` loaded first. */
export type LoadedOnCall<M> = { [K in keyof M]: M[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : never };

/**
 * The functions `names` of a module that `load` brings in on the first call (a script of its own): callers call them
 * as any async function, and only `load` knows where the code is. A load that fails rejects that call, and the next
 * call asks `load` again.
 */
export function loadedOnCall<M, K extends keyof M>(load: () => Promise<M>, names: readonly K[]): LoadedOnCall<Pick<M, K>> {
  const call = (name: K) => async (...args: unknown[]) => ((await load())[name] as (...args: unknown[]) => unknown)(...args);
  return Object.fromEntries(names.map((name) => [name, call(name)])) as LoadedOnCall<Pick<M, K>>;
}
