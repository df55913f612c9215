/**
 * The ERC-20 allowances the wallet's own records say an account gave one spender and did not take back since: the
 * approve and increaseAllowance calls of its batches and transactions (Activity's history), in the order they were
 * made, and the permits it signed (./signedGrants.ts). A node's allowance of 0 is a claim; these are what the wallet signed.
 *
 * Only batches the wallet wrote count (BatchStore `authentic`): storage.local is a content script's to write too. Each
 * call is judged by the transaction (or userOp) that carried it: it gives unless that says it never ran (never sent,
 * reverted, dropped), since one still pending may land; it takes back (approve of 0) only once that landed.
 *
 * A permit may be submitted until its deadline whatever was approved since (an approve of 0 leaves EIP-2612's nonce as
 * it was): it gives until then, unless of 0. Naming one already used is the price: hiding one still usable is the danger.
 */
import type { Hex } from '../../shared/params';
import { callSubmissions, succeeded } from '../batches/status';
import type { BatchStore } from '../batches/store';
import type { BatchCall, BatchRecord, Submission } from '../batches/types';
import { describeCall } from '../calls/describe';
import type { TypedStorage } from '../storage/typedStorage';
import { hasBatchShape, hasSignedGrantShape } from './recordShape';
import type { SignedGrant, SignedGrantsSlice } from './signedGrants';

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

/** Whether the call ran (what carried it landed and succeeded), may still run, or never will. */
function outcome(batch: BatchRecord, carrier: Submission | undefined): 'ran' | 'pending' | 'never' {
  // Not signed or sent yet: a batch that failed never sends it.
  if (!carrier?.sent) return batch.state === 'failed' ? 'never' : 'pending';
  if (carrier.receipt) return succeeded(carrier.receipt.status) ? 'ran' : 'never';
  return carrier.dropped ? 'never' : 'pending';
}

async function batchSteps(batch: BatchRecord, spender: Hex, records: AllowanceRecords): Promise<Step[]> {
  if (!(await records.batches.authentic(batch))) return [];
  const carriers = callSubmissions(batch);
  const steps = await Promise.all(batch.calls.map(async (call, i) => {
    const step = await effect(call, spender);
    const stands = step && outcome(batch, carriers[i]);
    return step && (stands === 'ran' || (stands === 'pending' && step.gives)) ? [{ ...step, at: batch.createdAt }] : [];
  }));
  return steps.flat();
}

/** A record kept before its amount and deadline were: named while kept. */
const permitGives = (permit: SignedGrant, now: number): boolean =>
  (permit.amount === undefined || BigInt(permit.amount) > 0n) && (permit.deadline === undefined || BigInt(permit.deadline) >= BigInt(now));

/**
 * The tokens (lower case) on which the wallet's records say `account` gave `spender` an allowance on `chainId` that no
 * later record took back, or a permit whose deadline is not past at `now` (seconds).
 */
export async function recordedAllowances(records: AllowanceRecords, account: Hex, chainId: Hex, spender: Hex, now: number): Promise<Set<string>> {
  const [stored, kept] = await Promise.all([records.batches.all(), records.signedGrants.get('signedGrants')]);
  const [batches, signed] = [stored.filter(hasBatchShape), kept.filter(hasSignedGrantShape)];
  const onChain = (id: Hex) => BigInt(id) === BigInt(chainId);
  const approved = batches.filter((b) => b.state !== 'awaiting-approval' && same(b.from, account) && onChain(b.chainId));
  const fromBatches = await Promise.all(approved.map((b) => batchSteps(b, spender, records)));
  const standing = new Map<string, boolean>();
  // Sorted stably: a batch's calls keep their order.
  for (const step of fromBatches.flat().sort((a, b) => a.at - b.at)) standing.set(step.token.toLowerCase(), step.gives);
  const permits = signed.filter((g) => g.kind === 'erc20' && same(g.spender, spender) && same(g.account, account) && onChain(g.chainId) && permitGives(g, now));
  return new Set([...[...standing].flatMap(([token, gives]) => (gives ? [token] : [])), ...permits.map((g) => g.token.toLowerCase())]);
}
