/**
 * A sent batch's calls in the words its approval screen showed. The screen's reviews (the ERC-7730 engine's, with token
 * symbols and decimals read on chain) are stored with the batch when it is approved, so Activity, Speed up / Cancel and
 * a site's replacing nonce word a call as the user saw it, with no chain reads: Activity is read on every popup open,
 * and reading token facts for every historical call would make it slow (and change with the chain). A call no
 * descriptor bound to, and every call of a record approved before the words were kept, is worded by describeCall.
 */
import type { CallReview, DecodedCall } from '../../shared/decodedCall';
import type { BatchRecord } from '../batches/types';
import { describeCall, type CallInput } from './describe';

/** What a batch keeps of its approval screen: the reviews, by call; nothing when no descriptor bound to any call. */
export const approvedWords = (shown: DecodedCall[]): Pick<BatchRecord, 'reviews'> =>
  (shown.some((call) => call.review) ? { reviews: shown.map((call) => call.review ?? null) } : {});

/** `calls` with their stored reviews (same order; null or absent where none bound). */
export function wordedCalls(calls: CallInput[], reviews: readonly (CallReview | null | undefined)[] = []): Promise<DecodedCall[]> {
  return Promise.all(calls.map(async (call, i) => {
    const described = await describeCall(call);
    const review = reviews[i];
    return review ? { ...described, review } : described;
  }));
}

/** The batch's calls at `indexes` (a transaction's), as they were approved. */
export const recordedCalls = (batch: Pick<BatchRecord, 'calls' | 'reviews'>, indexes: number[]): Promise<DecodedCall[]> =>
  wordedCalls(indexes.map((i) => batch.calls[i]), indexes.map((i) => batch.reviews?.[i]));
