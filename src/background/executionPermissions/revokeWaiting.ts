/**
 * One review per grant's revoke: a site's second wallet_revokeExecutionPermission of a grant, approved after the
 * first, would send a revoke that reverts, its fee lost. In the later script (grantCode.ts).
 */
import type { SendTransactionDetails } from '../../shared/approvals/transaction';
import { ErrorCode, RpcError } from '../../shared/errors';
import type { Hex } from '../../shared/params';
import type { ApprovalRecord } from '../approvals/types';
import type { BatchStore } from '../batches/store';

/** -32002 when one of `origin`'s `waiting` requests already revokes with `data` (its stored batch's call). */
export async function revokeNotWaiting(data: Hex, origin: string, waiting: ApprovalRecord[], batches: Pick<BatchStore, 'get'>): Promise<void> {
  for (const asked of waiting) {
    if (asked.origin !== origin || asked.method !== 'wallet_revokeExecutionPermission') continue;
    const { batchId } = asked.details as SendTransactionDetails;
    if ((await batches.get(origin, batchId))?.calls[0]?.data === data) throw new RpcError(ErrorCode.resourceUnavailable, `A revoke of this permission from ${origin} already waits for the user`);
  }
}
