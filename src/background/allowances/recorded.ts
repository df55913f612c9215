/**
 * The ERC-20 allowances the wallet's own records say an account gave one spender and did not take back since: the
 * approve and increaseAllowance calls of its batches and transactions (Activity's history) and the permits it signed
 * (./signedGrants.ts), in the order they were made. A node's allowance of 0 is a claim; these are what the wallet signed.
 *
 * A call gives when its batch was approved and its record does not say it never ran (nothing sent, or reverted): one
 * still pending may land. It takes back (approve of 0) only when its record, as the wallet wrote it, says it landed.
 */
import type { Hex } from '../../shared/params';
import { CallsStatus, batchStatus } from '../batches/status';
import type { BatchStore } from '../batches/store';
import type { BatchCall, BatchRecord } from '../batches/types';
import { describeCall } from '../calls/describe';
import type { TypedStorage } from '../storage/typedStorage';
import { hasBatchShape, hasSignedGrantShape } from './recordShape';
import type { SignedGrantsSlice } from './signedGrants';

/** Where the wallet keeps what the account signed: its batches and the permits it signed. */
export interface AllowanceRecords {
  batches: Pick<BatchStore, 'all' | 'authentic'>;
  signedGrants: Pick<TypedStorage<SignedGrantsSlice>, 'get'>;
}

interface Step {
  at: number;
  token: Hex;
  gives: boolean;
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** What the call does to `spender`'s allowance: gives (approve or increaseAllowance of more than 0), takes back (approve of 0), or neither. */
async function effect(call: BatchCall, spender: Hex): Promise<Omit<Step, 'at'> | undefined> {
  // Only calldata naming the spender can: the rest is not decoded.
  if (!call.data.toLowerCase().includes(spender.slice(2).toLowerCase())) return undefined;
  const described = await describeCall(call);
  const action = described.action;
  if (action?.kind !== 'approve' || action.standard !== 'erc20' || !same(action.spender, spender)) return undefined;
  if (BigInt(action.amount) > 0n) return { token: action.token, gives: true };
  return described.fn?.signature === 'approve(address,uint256)' ? { token: action.token, gives: false } : undefined;
}

async function batchSteps(batch: BatchRecord, spender: Hex, records: AllowanceRecords): Promise<Step[]> {
  const status = batchStatus(batch);
  if (status === CallsStatus.offchainFailure || status === CallsStatus.reverted) return [];
  const landed = status === CallsStatus.confirmed && (await records.batches.authentic(batch));
  const steps = await Promise.all(batch.calls.map((call) => effect(call, spender)));
  return steps.flatMap((step) => (step && (step.gives || landed) ? [{ ...step, at: batch.createdAt }] : []));
}

/** The tokens (lower case) on which the wallet's records say `account` gave `spender` an allowance on `chainId` that no later record took back. */
export async function recordedAllowances(records: AllowanceRecords, account: Hex, chainId: Hex, spender: Hex): Promise<Set<string>> {
  const [stored, kept] = await Promise.all([records.batches.all(), records.signedGrants.get('signedGrants')]);
  const [batches, signed] = [stored.filter(hasBatchShape), kept.filter(hasSignedGrantShape)];
  const onChain = (id: Hex) => BigInt(id) === BigInt(chainId);
  const approved = batches.filter((b) => b.state !== 'awaiting-approval' && same(b.from, account) && onChain(b.chainId));
  const fromBatches = await Promise.all(approved.map((b) => batchSteps(b, spender, records)));
  // A permit kept before its time was: the oldest record.
  const permits = signed
    .filter((g) => g.kind === 'erc20' && same(g.spender, spender) && same(g.account, account) && onChain(g.chainId))
    .map((g): Step => ({ at: g.signedAt ?? 0, token: g.token, gives: true }));
  const standing = new Map<string, boolean>();
  // Sorted stably: a batch's calls keep their order.
  for (const step of [...fromBatches.flat(), ...permits].sort((a, b) => a.at - b.at)) standing.set(step.token.toLowerCase(), step.gives);
  return new Set([...standing].flatMap(([token, gives]) => (gives ? [token] : [])));
}
