/** EIP-1559 fees from the node: room for the base fee to double, plus the node's suggested tip. */
import { FEE_TIERS, type FeeTier } from '../../shared/fees';
import type { Hex } from '../../shared/params';
import type { ChainNode } from '../networks/rpcClient';

export interface Fees {
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

const TIERS: Record<FeeTier, { base: bigint; tip: bigint }> = {
  low: { base: 1n, tip: 1n },
  market: { base: 2n, tip: 2n },
  aggressive: { base: 3n, tip: 4n },
};

/** Fees as stored with a batch. */
export interface HexFees {
  maxFeePerGas: Hex;
  maxPriorityFeePerGas: Hex;
}

export const toHexFees = (fees: Fees): HexFees => ({ maxFeePerGas: `0x${fees.maxFeePerGas.toString(16)}`, maxPriorityFeePerGas: `0x${fees.maxPriorityFeePerGas.toString(16)}` });
export const fromHexFees = (fees: HexFees): Fees => ({ maxFeePerGas: BigInt(fees.maxFeePerGas), maxPriorityFeePerGas: BigInt(fees.maxPriorityFeePerGas) });

/** Every tier at once, from one read of the base fee and the node's tip. */
export async function tierFees(node: ChainNode): Promise<Record<FeeTier, Fees>> {
  const [block, tip] = await Promise.all([
    node<{ baseFeePerGas?: Hex }>('eth_getBlockByNumber', ['latest', false]),
    node<Hex>('eth_maxPriorityFeePerGas'),
  ]);
  const baseFee = BigInt(block.baseFeePerGas ?? '0x0');
  // Tip multiples are in halves of the node's suggestion: low = half, market = as suggested, aggressive = double.
  const fees = (tier: FeeTier): Fees => {
    const maxPriorityFeePerGas = (BigInt(tip) * TIERS[tier].tip) / 2n;
    return { maxFeePerGas: baseFee * TIERS[tier].base + maxPriorityFeePerGas, maxPriorityFeePerGas };
  };
  return Object.fromEntries(FEE_TIERS.map((tier) => [tier, fees(tier)])) as Record<FeeTier, Fees>;
}

export const suggestFees = async (node: ChainNode, tier: FeeTier = 'market'): Promise<Fees> => (await tierFees(node))[tier];

/** Today's fees, never above what the user was shown (`cap`): the screen's fee is a promise. */
export function capFees(fees: Fees, cap: Fees | undefined): Fees {
  if (!cap) return fees;
  const maxFeePerGas = fees.maxFeePerGas < cap.maxFeePerGas ? fees.maxFeePerGas : cap.maxFeePerGas;
  const tip = fees.maxPriorityFeePerGas < cap.maxPriorityFeePerGas ? fees.maxPriorityFeePerGas : cap.maxPriorityFeePerGas;
  return { maxFeePerGas, maxPriorityFeePerGas: tip < maxFeePerGas ? tip : maxFeePerGas };
}

export const toHexTierFees = (tiers: Record<FeeTier, Fees>): Record<FeeTier, HexFees> =>
  Object.fromEntries(FEE_TIERS.map((tier) => [tier, toHexFees(tiers[tier])])) as Record<FeeTier, HexFees>;
