/**
 * The shipped descriptors' reader (registry.ts shippedDescriptors: the wallet's own and the registry's), made in the
 * worker's later script on a review's first use: background.js carries only this.
 */
import { lazyAsync } from '../../shared/lazy';
import type { DescriptorsAt } from './registry';

export function lazyDescriptors(load: () => Promise<DescriptorsAt>): DescriptorsAt {
  // Made once, with its caches; a load that failed (the worker stopping mid-way) is tried again on the next review.
  const made = lazyAsync(load);
  return async (at) => (await made())(at);
}
