/** Clear signing with its code evaluated on the first signature request rather than at the worker's start. */
import type { TypedDataReview } from '../../shared/approvals';
import type { Network } from '../../shared/networks';
import type { Hex } from '../../shared/params';
import type { TypedMessage } from '../../shared/typedData/types';
import type { ReviewDeps } from './review';

export type ReviewTypedData = (typed: TypedMessage, account: Hex, network: Network) => Promise<TypedDataReview>;

export function lazyReview(deps: ReviewDeps): ReviewTypedData {
  return async (...args) => (await import('./review')).reviewTypedData(deps, ...args);
}
