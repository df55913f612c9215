/**
 * What a landed userOp paid in USDC, in the worker's later script: the fee the paymaster's own event in the receipt the
 * wallet found on chain says it took, in the chain's USDC only; never what a bundler reported.
 */
import type { ActivityItem } from '../../shared/activity';
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

const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();
/** A record planted in storage could hold anything there: only whole decimal text is a cap. */
const capOf = (cap: unknown): bigint | undefined => (typeof cap === 'string' && /^\d{1,78}$/.test(cap) ? BigInt(cap) : undefined);

/**
 * `cap`: the most the user approved (the batch's usdcFee.maximum, the permit's amount), which the paymaster cannot take
 * more than: a receipt that says it took more is a node's invention, and no fee is shown rather than its digits.
 */
export function usdcFeePaid(sent: SentOperation, usdc: UsdcPaymaster, cap?: string): ActivityItem['usdcFee'] {
  const fee = sent.receipt && sponsoredFeeOf(sent.receipt.logs, { paymaster: usdc.paymaster, sender: sent.op.sender, userOpHash: sent.hash });
  if (!fee || !same(fee.token, usdc.token) || fee.taken > (capOf(cap) ?? fee.taken)) return undefined;
  const { message, words } = usdcFeePaidLine(fee.taken);
  return { paid: fee.taken.toString(), line: message, words };
}
