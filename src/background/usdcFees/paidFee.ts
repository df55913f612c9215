/**
 * What Activity says of a userOp whose fee the chain's USDC paymaster takes: that it is paid in USDC (while pending,
 * what can be done with it), and once it landed the fee the paymaster's own event in the receipt the wallet found on
 * chain says it took, in the chain's USDC only; never what a bundler reported.
 */
import type { ActivityItem } from '../../shared/pages';
import type { UsdcPaymaster } from '../../shared/networks';
import type { Hex } from '../../shared/params';
import { usdcFeePaidLine } from './feeLine';
import { sponsoredFeeOf, type ReceiptLog } from './sponsoredFee';

/** A sent userOp as the batch record keeps it: the op, its hash, and the receipt `look` found (its own logs). */
export interface SentOperation {
  op: { sender: Hex; paymaster?: Hex };
  hash: Hex;
  receipt?: { logs: readonly ReceiptLog[] };
}

const same = (a: string | undefined, b: string): boolean => a?.toLowerCase() === b.toLowerCase();

export function usdcFeeShown(sent: SentOperation | undefined, usdc: UsdcPaymaster | undefined): Pick<ActivityItem, 'paidInUsdc' | 'usdcFee'> {
  if (!sent || !usdc || !same(sent.op.paymaster, usdc.paymaster)) return {};
  const fee = sent.receipt && sponsoredFeeOf(sent.receipt.logs, { paymaster: usdc.paymaster, sender: sent.op.sender, userOpHash: sent.hash });
  if (!fee || !same(fee.token, usdc.token)) return { paidInUsdc: true };
  return { paidInUsdc: true, usdcFee: { paid: fee.taken.toString(), line: usdcFeePaidLine(fee.taken) } };
}
