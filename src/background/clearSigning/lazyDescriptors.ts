/**
 * The shipped descriptors' reader (registry.ts shippedDescriptors: the wallet's own and the registry's), made in the
 * worker's later script on a review's first use: background.js carries only this.
 */
import type { DescriptorsAt } from './registry';

export function lazyDescriptors(load: () => Promise<DescriptorsAt>): DescriptorsAt {
  let made: Promise<DescriptorsAt> | undefined;
  return async (at) => {
    // Made once, with its caches; a load that failed (the worker stopping mid-way) is tried again on the next review.
    made ??= load().catch((error: unknown) => {
      made = undefined;
      throw error;
    });
    return (await made)(at);
  };
}
