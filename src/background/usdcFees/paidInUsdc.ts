/** A userOp whose fee the chain's USDC paymaster takes: Activity marks it (it cannot be sped up), and reads its fee once it landed. */
import type { UsdcPaymaster } from '../../shared/networks';
import type { Hex } from '../../shared/params';

export const paidInUsdc = (sent: { op: { paymaster?: Hex } } | undefined, usdc: UsdcPaymaster | undefined): usdc is UsdcPaymaster =>
  !!sent && !!usdc && sent.op.paymaster?.toLowerCase() === usdc.paymaster.toLowerCase();
