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

export function usdcFeePaid(sent: SentOperation, usdc: UsdcPaymaster): ActivityItem['usdcFee'] {
  const fee = sent.receipt && sponsoredFeeOf(sent.receipt.logs, { paymaster: usdc.paymaster, sender: sent.op.sender, userOpHash: sent.hash });
  if (!fee || !same(fee.token, usdc.token)) return undefined;
  const { message, words } = usdcFeePaidLine(fee.taken);
  return { paid: fee.taken.toString(), line: message, words };
}
