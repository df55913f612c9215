/**
 * The ERC-20 allowances the wallet's own records say an account gave one spender and did not take back since: the
 * approve and increaseAllowance calls of its batches and transactions (Activity's history) and the permits it signed
 * (./signedGrants.ts). A node's allowance of 0 is a claim; these are what the wallet signed.
 *
 * Only batches and permits the wallet wrote count (their stores' `authentic`): storage.local is a content script's to
 * write too. A give is named unless a take-back (approve of 0) surely landed after it (./batchSteps.ts `landedAfter`):
 * one that may still land stays named after every take-back that already did (a userOp a bundler holds).
 *
 * A permit may be submitted until its deadline whatever was approved since (an approve of 0 leaves EIP-2612's nonce as
 * it was): it gives until then, unless of 0. Naming one already used is the price: hiding one still usable is the danger.
 */
import type { Hex } from '../../shared/params';
import { ownRecords } from '../batches/ownRecords';
import type { BatchStore } from '../batches/store';
import { hasBatchShape } from './batchShape';
import { batchSteps, landedAfter, type Landed } from './batchSteps';
import type { SignedGrant, SignedGrants } from './signedGrants';

/** Where the wallet keeps what the account signed: its batches and the permits it signed. */
export interface AllowanceRecords {
  batches: Pick<BatchStore, 'all' | 'authentic'>;
  signedGrants: Pick<SignedGrants, 'all' | 'authentic'>;
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Of more than 0 and not past its deadline; one without them (reviewed before they were kept) is named while kept. */
const permitGives = (permit: SignedGrant, now: number): boolean =>
  (permit.amount === undefined || BigInt(permit.amount) > 0n) && (permit.deadline === undefined || BigInt(permit.deadline) >= BigInt(now));

/**
 * The tokens (lower case) on which the wallet's records say `account` gave `spender` an allowance on `chainId` that no
 * later record took back, or a permit whose deadline is not past at `now` (seconds).
 */
export async function recordedAllowances(records: AllowanceRecords, account: Hex, chainId: Hex, spender: Hex, now: number): Promise<Set<string>> {
  const [stored, signed] = await Promise.all([records.batches.all(), records.signedGrants.all()]);
  const batches = stored.filter(hasBatchShape);
  const onChain = (id: Hex) => BigInt(id) === BigInt(chainId);
  const approved = batches.filter((b) => b.state !== 'awaiting-approval' && same(b.from, account) && onChain(b.chainId));
  const steps = (await Promise.all((await ownRecords(records.batches, approved)).map((b) => batchSteps(b, spender)))).flat();
  const takenBack = (give: Landed, token: Hex) => steps.some((t) => !t.gives && same(t.token, token) && landedAfter(t.landed, give));
  const given = steps.filter((g) => g.gives && !(g.landed && takenBack(g.landed, g.token)));
  const permits = signed.filter((g) => g.kind === 'erc20' && same(g.spender, spender) && same(g.account, account) && onChain(g.chainId) && permitGives(g, now));
  const signedByWallet = await Promise.all(permits.map((g) => records.signedGrants.authentic(g)));
  return new Set([...given, ...permits.filter((_, i) => signedByWallet[i])].map((g) => g.token.toLowerCase()));
}
