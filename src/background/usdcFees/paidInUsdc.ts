/** A userOp whose fee the chain's USDC paymaster takes: Activity marks it (it cannot be sped up), and reads its fee once it landed. */
import type { UsdcPaymaster } from '../../shared/networks';
import type { Hex } from '../../shared/params';

export const paidInUsdc = (sent: { op: { paymaster?: Hex } } | undefined, usdc: UsdcPaymaster | undefined): usdc is UsdcPaymaster =>
  // Text only: a record planted in storage.local may hold anything there (a number threw in Activity, for every batch).
  !!sent && !!usdc && typeof sent.op.paymaster === 'string' && sent.op.paymaster.toLowerCase() === usdc.paymaster.toLowerCase();
