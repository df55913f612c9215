/**
 * A value computed on its first use rather than at import: the worker evaluates every module it bundles on each of its
 * starts, and a hash or a table built there delays its first answer.
 */
export function lazy<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
