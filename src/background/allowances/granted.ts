/**
 * The allowances an account granted through this wallet: every approve, increaseAllowance, Permit2 approve and
 * setApprovalForAll in a batch the user approved, as (kind, token, spender) pairs; what they are worth now is read on
 * chain (read.ts), so one granted and later used up or revoked elsewhere shows as it stands.
 */
import type { Grant } from '../../shared/allowances';
import type { Hex } from '../../shared/params';
import type { BatchRecord } from '../batches/types';
import { describeCall } from '../calls/describe';

export async function grantsOf(batches: BatchRecord[], account: Hex, chainId: Hex): Promise<Grant[]> {
  const found = new Map<string, Grant>();
  for (const batch of batches) {
    if (batch.state === 'awaiting-approval' || batch.from.toLowerCase() !== account.toLowerCase() || BigInt(batch.chainId) !== BigInt(chainId)) continue;
    for (const call of batch.calls) {
      const action = (await describeCall(call)).action;
      const grant: Grant | undefined =
        action?.kind === 'approve' ? { kind: action.standard === 'permit2' ? 'permit2' : 'erc20', token: action.token, spender: action.spender }
        : action?.kind === 'approveAll' ? { kind: 'operator', token: action.token, spender: action.operator }
        : undefined;
      if (grant) found.set(`${grant.kind} ${grant.token.toLowerCase()} ${grant.spender.toLowerCase()}`, grant);
    }
  }
  return [...found.values()];
}
