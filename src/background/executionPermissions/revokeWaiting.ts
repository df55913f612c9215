/**
 * One review per revoke: a second one of the same call (a site's wallet_revokeExecutionPermission asked again, the
 * popup's Revoke or Revoke all clicked twice), approved after the first, would send a revoke that reverts, its fee lost
 * (or raise the nonce twice). In the later script (grantCode.ts).
 */
import type { SendTransactionDetails } from '../../shared/approvals/transaction';
import { ErrorCode, RpcError } from '../../shared/errors';
import type { Hex } from '../../shared/params';
import type { Approvals } from '../approvals/approvals';
import { CallsStatus, anySent, batchStatus } from '../batches/status';
import { ownRecords } from '../batches/ownRecords';
import type { BatchStore } from '../batches/store';
import type { BatchRecord } from '../batches/types';
import { revokeAllIncrements } from './nonce';

export interface RevokeAsked {
  from: Hex;
  chainId?: Hex;
  to?: Hex;
  data: Hex;
}

const same = (a?: string, b?: string): boolean => a !== undefined && a.toLowerCase() === b?.toLowerCase();

/** Whether `batch`'s one call is `call`: the same account, chain, contract and data. */
const carries = (batch: BatchRecord, call: RevokeAsked): boolean => {
  const [sent] = batch.calls;
  return batch.calls.length === 1 && same(batch.from, call.from) && call.chainId !== undefined && BigInt(batch.chainId) === BigInt(call.chainId) &&
    same(sent.to, call.to) && same(sent.data, call.data);
};

type Asker = { origin: string; method: string; services: { approvals: Pick<Approvals, 'pending'>; batches: Pick<BatchStore, 'all' | 'own' | 'authentic'> } };

/**
 * -32002 when one of `asker`'s waiting requests of the same method already sends `call` (its stored batch's one call:
 * the same account, chain, contract and data), or when the wallet already sent `call` in a transaction and it is still
 * pending: its grant may be left unmarked (marking failed after the send, which the site was answered as sent), and a
 * second one would land after it and revert. Revoke all's data is alike for every account, hence all four.
 */
export async function revokeNotWaiting(call: RevokeAsked, asker: Asker): Promise<void> {
  const { approvals, batches } = asker.services;
  for (const asked of await approvals.pending()) {
    if (asked.origin !== asker.origin || asked.method !== asker.method) continue;
    // A record a content script rewrote (storage.local, on Firefox) refuses nothing: it would never be sent anyway.
    const batch = await batches.own(asked.origin, (asked.details as SendTransactionDetails).batchId);
    if (batch && carries(batch, call)) throw new RpcError(ErrorCode.resourceUnavailable, 'A revoke of this permission already waits for your answer in the approval window');
  }
  await revokeNotPending(call, batches);
}

/** -32002 when the wallet sent `call` in a transaction that is still pending, other than `own` (revokeNotWaiting). */
async function revokeNotPending(call: RevokeAsked, batches: Asker['services']['batches'], own?: BatchRecord): Promise<void> {
  // Nor does a record planted pending: only the wallet's own, as it wrote it. Only transactions (a revoke is one), which
  // Speed up or Cancel decide: a site's userOp of the same call stays pending while its paymaster's bundler refuses it.
  // At Approve (`own` given), one approved a moment before and still being signed counts too: both would pass, and send.
  const onItsWay = (b: BatchRecord) => anySent(b) || (own !== undefined && (b.state === 'approved' || b.state === 'sending'));
  const sentTransactions = (b: BatchRecord) => !b.userOperation && onItsWay(b) && !(b.origin === own?.origin && b.id === own.id);
  const sent = (await batches.all()).filter((b) => sentTransactions(b) && batchStatus(b) === CallsStatus.pending && carries(b, call));
  if ((await ownRecords(batches, sent)).length > 0) {
    throw new RpcError(ErrorCode.resourceUnavailable, 'A revoke of this permission was sent and is not confirmed yet: wait for it (or speed it up in Activity)');
  }
}

/**
 * At Approve: -32002, nothing sent, when the same revoke was sent (or approved, and is being signed) since this one
 * was reviewed. Two asked at once are both reviewed (a request waits in the window only once planned), as are a site's
 * and the popup's of one grant; the second approved would land after the first and revert. Only what was approved
 * counts here: another review still waiting would refuse each of the two.
 */
export async function revokeNotSentMeanwhile(batches: Asker['services']['batches'], approval: { origin: string; details: { batchId: string } }): Promise<void> {
  // A record a content script rewrote (storage.local, on Firefox) is refused when sent anyway.
  const batch = await batches.own(approval.origin, approval.details.batchId);
  if (!batch || batch.calls.length !== 1) return;
  // Not its own: approved again after a restart, it may have been sent already (its sending resumes).
  await revokeNotPending({ ...batch.calls[0], from: batch.from, chainId: batch.chainId }, batches, batch);
}

/**
 * The popup's revoke reviewed by `review` (the transaction's screen, told whether to let Revoke all's batch in):
 * refused while the same one waits (revokeNotWaiting); Revoke all (nonce.ts revokeAllCalls) said so, with its
 * increments. Of two or more it is the account's own DeleGator batch of nothing but them, let past the rule on calls
 * into the account (../batches/encoding.ts assertNoSelfCalls), which would refuse it though it hides no other call.
 */
export async function revokeReviewed(call: RevokeAsked, asker: Asker, review: (revokeAll: boolean) => Promise<SendTransactionDetails>): Promise<SendTransactionDetails> {
  await revokeNotWaiting(call, asker);
  const increments = call.chainId === undefined ? 0 : await revokeAllIncrements(call, call.from, call.chainId);
  const details = await review(increments > 1);
  return increments > 0 ? { ...details, revokeAll: { increments } } : details;
}
