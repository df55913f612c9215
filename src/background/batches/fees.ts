/** EIP-1559 fees from the node: room for the base fee to double, plus the node's suggested tip. */
import type { FeeTier } from '../../shared/fees';
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

/** Tip multiples are in halves of the node's suggestion: low = half, market = as suggested, aggressive = double. */
export async function suggestFees(node: ChainNode, tier: FeeTier = 'market'): Promise<Fees> {
  const [block, tip] = await Promise.all([
    node<{ baseFeePerGas?: Hex }>('eth_getBlockByNumber', ['latest', false]),
    node<Hex>('eth_maxPriorityFeePerGas'),
  ]);
  const maxPriorityFeePerGas = (BigInt(tip) * TIERS[tier].tip) / 2n;
  return { maxFeePerGas: BigInt(block.baseFeePerGas ?? '0x0') * TIERS[tier].base + maxPriorityFeePerGas, maxPriorityFeePerGas };
}
