/**
 * Why the wallet refused the popup's revoke on Approve (wallet_revokeGrants: a Revoke all that a grant signed meanwhile
 * went past, a record altered outside the wallet, …), kept in session storage for Permissions to say (grants.ts): the
 * wallet's own request has no page to answer, and the popup closed as the approval window opened. One per account and
 * chain, kept until a revoke of that account on that chain is sent. In the worker's later script (laterModules.ts),
 * with the refusals' words.
 */
import type { Hex } from '../../shared/params';
import type { BatchStore } from '../batches/store';
import type { TypedStorage } from '../storage/typedStorage';
import { pageError } from './refusalWords';
import { refusalSlot, type RefusalShown, type RevokeRefusalSlice } from './revokeRefusalSlice';

type RefusalUses = { revokeRefusals: Pick<TypedStorage<RevokeRefusalSlice>, 'update'>; batches: Pick<BatchStore, 'stored'> };

/**
 * The popup's revoke approved: `record`, the approval; `answer`, its send up to the transaction's hash. What fails after
 * the send (marking the grants revoked) is no refusal: the revoke is on its way (../rpc/grantRevokes.ts).
 */
interface Revoking<T> {
  record: { origin: string; details: { batchId: string; from: Hex } };
  answer: () => Promise<T>;
}

/**
 * `answer` asked now: its refusal kept for the account's grants on the batch's chain, or that one gone once it is sent
 * (another account's, or another chain's, stays).
 */
export async function revokeAnswered<T>(services: RefusalUses, { record, answer }: Revoking<T>): Promise<T> {
  // Unchecked: the refusal of a record altered outside the wallet is kept too, for Permissions to say.
  const batch = await services.batches.stored(record.origin, record.details.batchId);
  const slot = batch && refusalSlot(batch.chainId, record.details.from);
  try {
    const sent = await answer();
    if (slot) await services.revokeRefusals.update('revokeRefusals', ({ [slot]: _, ...others }) => others);
    return sent;
  } catch (error) {
    if (slot) await services.revokeRefusals.update('revokeRefusals', (all) => ({ ...all, [slot]: pageError(error).toObject() as RefusalShown }));
    throw error;
  }
}
