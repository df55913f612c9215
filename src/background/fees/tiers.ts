/**
 * Each fee tier's EIP-1559 fees as the chain charges them. The next block's base fee (eth_feeHistory) with room to
 * double; a tip from the node's suggestion (eth_maxPriorityFeePerGas), raised to what recent blocks paid when they
 * were busy; then the chain's own rules: Polygon PoS refuses tips under its minimum, BNB Smart Chain charges one
 * flat gas price, so every tier is that price.
 */
import { FEE_TIERS, type FeeTier } from '../../shared/fees';
import type { Hex } from '../../shared/params';
import type { ChainNode } from '../networks/rpcClient';

export interface Fees {
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

const GWEI = 1_000_000_000n;

/** Bor's minimum tip: Polygon PoS nodes refuse (or never mine) a transaction tipping less. */
const MIN_TIP: Record<Hex, bigint> = { '0x89': 30n * GWEI, '0x13882': 25n * GWEI };

/** BNB Smart Chain and its testnet: validators take one gas price and there is no base fee to race. */
const FLAT_PRICE: ReadonlySet<Hex> = new Set<Hex>(['0x38', '0x61']);

/** Recent blocks' tips at these percentiles price low, market and aggressive. */
const PERCENTILES = [10, 50, 90];
const HISTORY_BLOCKS = 5;

/** How many base fees of room, and the node's suggested tip in halves (low = half, market = as suggested, aggressive = double). */
const TIERS: Record<FeeTier, { base: bigint; halves: bigint; percentile: number }> = {
  low: { base: 1n, halves: 1n, percentile: 0 },
  market: { base: 2n, halves: 2n, percentile: 1 },
  aggressive: { base: 3n, halves: 4n, percentile: 2 },
};

interface FeeHistory {
  baseFeePerGas: Hex[];
  gasUsedRatio: number[];
  reward?: Hex[][];
}

/** `0x0089` and `0x89` alike: chain ids are compared as numbers. */
const canonical = (chainId: Hex): Hex => `0x${BigInt(chainId).toString(16)}`;

const median = (values: bigint[]): bigint => [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))[Math.floor(values.length / 2)];

/** What busy recent blocks tipped at each percentile; zeros when none was busy (an idle chain tips nothing to learn from). */
function recentTips(history: FeeHistory): bigint[] {
  const busy = (history.reward ?? []).filter((_, i) => (history.gasUsedRatio[i] ?? 0) > 0);
  return PERCENTILES.map((_, p) => (busy.length === 0 ? 0n : median(busy.map((rewards) => BigInt(rewards[p] ?? '0x0')))));
}

/** The next block's base fee and recent tips; a node that refuses eth_feeHistory still tells its latest block's base fee. */
async function baseFeeAndTips(node: ChainNode): Promise<{ baseFee: bigint; tips: bigint[] }> {
  try {
    const history = await node<FeeHistory>('eth_feeHistory', [`0x${HISTORY_BLOCKS.toString(16)}`, 'latest', PERCENTILES]);
    const next = history.baseFeePerGas.at(-1);
    if (next !== undefined) return { baseFee: BigInt(next), tips: recentTips(history) };
  } catch {
    // Below: the latest block's base fee, the node's tip alone.
  }
  const block = await node<{ baseFeePerGas?: Hex }>('eth_getBlockByNumber', ['latest', false]);
  return { baseFee: BigInt(block.baseFeePerGas ?? '0x0'), tips: PERCENTILES.map(() => 0n) };
}

const same = (price: bigint): Record<FeeTier, Fees> =>
  Object.fromEntries(FEE_TIERS.map((tier) => [tier, { maxFeePerGas: price, maxPriorityFeePerGas: price }])) as Record<FeeTier, Fees>;

/** Every tier at once, from one read of the chain's fees. */
export async function tierFees(node: ChainNode, chainId: Hex): Promise<Record<FeeTier, Fees>> {
  const chain = canonical(chainId);
  if (FLAT_PRICE.has(chain)) return same(BigInt(await node<Hex>('eth_gasPrice')));
  const [{ baseFee, tips }, suggested] = await Promise.all([baseFeeAndTips(node), node<Hex>('eth_maxPriorityFeePerGas').then(BigInt)]);
  const minTip = MIN_TIP[chain] ?? 0n;
  const fees = (tier: FeeTier): Fees => {
    const { base, halves, percentile } = TIERS[tier];
    const fromNode = (suggested * halves) / 2n;
    const paid = tips[percentile] > fromNode ? tips[percentile] : fromNode;
    const maxPriorityFeePerGas = paid > minTip ? paid : minTip;
    return { maxFeePerGas: baseFee * base + maxPriorityFeePerGas, maxPriorityFeePerGas };
  };
  return Object.fromEntries(FEE_TIERS.map((tier) => [tier, fees(tier)])) as Record<FeeTier, Fees>;
}

export const suggestFees = async (node: ChainNode, chainId: Hex, tier: FeeTier = 'market'): Promise<Fees> => (await tierFees(node, chainId))[tier];
