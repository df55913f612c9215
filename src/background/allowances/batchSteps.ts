/**
 * What one of the account's batches did to a spender's ERC-20 allowances, call by call, each judged by the
 * transaction (or userOp) that carried it: a call gives (approve or increaseAllowance of more than 0) unless what
 * carried it never ran (never sent, reverted, dropped), since one still pending may land; it takes back (approve of 0)
 * only once that landed, and then where it landed says what it came after.
 */
import type { Hex } from '../../shared/params';
import { callSubmissions, succeeded } from '../batches/status';
import type { BatchCall, BatchRecord, Submission } from '../batches/types';
import { describeCall } from '../calls/describe';

/** Where a call that ran landed: its block, what carried it (whose calls run in order), its nonce when that is the account's transaction. */
export interface Landed {
  block: bigint;
  carrier: Submission;
  call: number;
  nonce?: number;
}

/** A give may still land (no `landed`); a take-back counts only once it did. */
export type Step = { token: Hex; gives: true; landed?: Landed } | { token: Hex; gives: false; landed: Landed };

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** What the call does to `spender`'s allowance: gives, takes back, or neither (undefined). */
async function effect(call: BatchCall, spender: Hex): Promise<{ token: Hex; gives: boolean } | undefined> {
  // Only calldata naming the spender can: the rest is not decoded.
  if (!call.data.toLowerCase().includes(spender.slice(2).toLowerCase())) return undefined;
  const described = await describeCall(call);
  const action = described.action;
  if (action?.kind !== 'approve' || action.standard !== 'erc20' || !same(action.spender, spender)) return undefined;
  if (BigInt(action.amount) > 0n) return { token: action.token, gives: true };
  return described.fn?.signature === 'approve(address,uint256)' ? { token: action.token, gives: false } : undefined;
}

/** Where the call landed, if it ran; 'pending' if it may still; 'never'. */
function outcome(batch: BatchRecord, carrier: Submission | undefined, call: number): Landed | 'pending' | 'never' {
  // Not signed or sent yet: a batch that failed never sends it.
  if (!carrier?.sent) return batch.state === 'failed' ? 'never' : 'pending';
  if (!carrier.receipt) return carrier.dropped ? 'never' : 'pending';
  if (!succeeded(carrier.receipt.status)) return 'never';
  const nonce = 'nonce' in carrier && typeof carrier.nonce === 'number' ? { nonce: carrier.nonce } : {};
  return { block: BigInt(carrier.receipt.blockNumber), carrier, call, ...nonce };
}

export async function batchSteps(batch: BatchRecord, spender: Hex): Promise<Step[]> {
  const carriers = callSubmissions(batch);
  const steps = await Promise.all(batch.calls.map(async (call, i): Promise<Step[]> => {
    const step = await effect(call, spender);
    const stands = step && outcome(batch, carriers[i], i);
    if (!step || !stands || stands === 'never') return [];
    if (stands !== 'pending') return [{ ...step, landed: stands }];
    return step.gives ? [{ token: step.token, gives: true }] : [];
  }));
  return steps.flat();
}

/**
 * Whether `later` surely ran after `earlier`: in a later block, or in the same one later in the same transaction or at
 * a later nonce of the account's. Otherwise (a userOp beside another transaction in one block) which ran first is unknown.
 */
export function landedAfter(later: Landed, earlier: Landed): boolean {
  if (later.block !== earlier.block) return later.block > earlier.block;
  if (later.carrier === earlier.carrier) return later.call > earlier.call;
  return later.nonce !== undefined && earlier.nonce !== undefined && later.nonce > earlier.nonce;
}
