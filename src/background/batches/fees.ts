/** Fees as a batch stores them, and the cap the approval screen's figure puts on signing (fees/tiers.ts prices them). */
import { FEE_TIERS, type FeeTier } from '../../shared/fees';
import type { Hex } from '../../shared/params';
import type { Fees } from '../fees/tiers';

/** Fees as stored with a batch. */
export interface HexFees {
  maxFeePerGas: Hex;
  maxPriorityFeePerGas: Hex;
}

export const toHexFees = (fees: Fees): HexFees => ({ maxFeePerGas: `0x${fees.maxFeePerGas.toString(16)}`, maxPriorityFeePerGas: `0x${fees.maxPriorityFeePerGas.toString(16)}` });
export const fromHexFees = (fees: HexFees): Fees => ({ maxFeePerGas: BigInt(fees.maxFeePerGas), maxPriorityFeePerGas: BigInt(fees.maxPriorityFeePerGas) });

/** Today's fees, never above what the user was shown (`cap`): the screen's fee is a promise. */
export function capFees(fees: Fees, cap: Fees | undefined): Fees {
  if (!cap) return fees;
  const maxFeePerGas = fees.maxFeePerGas < cap.maxFeePerGas ? fees.maxFeePerGas : cap.maxFeePerGas;
  const tip = fees.maxPriorityFeePerGas < cap.maxPriorityFeePerGas ? fees.maxPriorityFeePerGas : cap.maxPriorityFeePerGas;
  return { maxFeePerGas, maxPriorityFeePerGas: tip < maxFeePerGas ? tip : maxFeePerGas };
}

export const toHexTierFees = (tiers: Record<FeeTier, Fees>): Record<FeeTier, HexFees> =>
  Object.fromEntries(FEE_TIERS.map((tier) => [tier, toHexFees(tiers[tier])])) as Record<FeeTier, HexFees>;
