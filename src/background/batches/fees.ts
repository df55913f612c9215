/** EIP-1559 fees from the node: room for the base fee to double, plus the node's suggested tip. */
import type { Hex } from '../../shared/params';

export interface Fees {
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

type Node = <T>(method: string, params?: unknown[]) => Promise<T>;

export async function suggestFees(node: Node): Promise<Fees> {
  const [block, tip] = await Promise.all([
    node<{ baseFeePerGas?: Hex }>('eth_getBlockByNumber', ['latest', false]),
    node<Hex>('eth_maxPriorityFeePerGas'),
  ]);
  const maxPriorityFeePerGas = BigInt(tip);
  return { maxFeePerGas: BigInt(block.baseFeePerGas ?? '0x0') * 2n + maxPriorityFeePerGas, maxPriorityFeePerGas };
}
