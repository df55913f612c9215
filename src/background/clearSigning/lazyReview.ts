/** Clear signing with its code evaluated on the first request it reviews rather than at the worker's start. */
import type { TypedDataReview } from '../../shared/approvals/signing';
import type { Danger } from '../../shared/dangers';
import type { DecodedCall } from '../../shared/decodedCall';
import type { Network } from '../../shared/networks';
import type { Hex } from '../../shared/params';
import type { TypedMessage } from '../../shared/typedData/types';
import { describeCall, type CallInput } from '../calls/describe';
import type { ReviewDeps } from './bound';
import type { reviewCalls } from './calls';
import type { messageDangers } from './personalSign';
import type { reviewTypedData } from './review';

export type ReviewTypedData = (typed: TypedMessage, account: Hex, network: Network) => Promise<TypedDataReview>;
export type ReviewCalls = (calls: CallInput[], account: Hex, network: Network) => Promise<DecodedCall[]>;
/** The dangers of signing a personal_sign message that is not text (personalSign.ts). */
export type MessageDangers = (message: Hex, text: string | null) => Promise<Danger[]>;

/** The engine's code, loaded when first asked (the worker's later script, loadLater.ts). */
export type LoadReview = () => Promise<{ reviewTypedData: typeof reviewTypedData; reviewCalls: typeof reviewCalls }>;

export function lazyReview(deps: ReviewDeps, load: LoadReview): ReviewTypedData {
  return async (...args) => (await load()).reviewTypedData(deps, ...args);
}

/**
 * Without the engine's code (a worker stopping mid-load) the calls are described as before it; fails only when ethers'
 * ABI code does not load either (abi/loadAbi.ts), rather than show an approve or a transfer as raw data.
 */
export function lazyCallReview(deps: ReviewDeps, load: LoadReview): ReviewCalls {
  return async (calls, ...rest) => (await load().catch(() => undefined))?.reviewCalls(deps, calls, ...rest) ?? Promise.all(calls.map(describeCall));
}

export function lazyMessageDangers(load: () => Promise<{ messageDangers: typeof messageDangers }>): MessageDangers {
  return async (...args) => (await load()).messageDangers(...args);
}
