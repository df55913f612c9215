/**
 * The block a transaction sent now lands in, as eth_simulateV1's block overrides: without them the simulated block
 * has base fee and coinbase 0 and an old number and time, which a contract can read to tell a preview from the chain.
 * The node's pending block when it builds one; otherwise the latest block's values, one block and some seconds on.
 */
import type { Hex } from '../../shared/params';
import type { ChainNode } from '../networks/rpcClient';

export interface BlockOverrides {
  number: Hex;
  time: Hex;
  baseFeePerGas: Hex;
  feeRecipient: Hex;
  gasLimit: Hex;
  prevRandao: Hex;
}

interface Block {
  number: Hex;
  timestamp: Hex;
  baseFeePerGas?: Hex;
  miner: Hex;
  gasLimit: Hex;
  mixHash?: Hex;
}

const hex = (value: bigint): Hex => `0x${value.toString(16)}`;
const max = (a: bigint, b: bigint): bigint => (a > b ? a : b);

export async function nextBlock(node: ChainNode): Promise<BlockOverrides> {
  const [latest, pending] = await Promise.all([
    node<Block>('eth_getBlockByNumber', ['latest', false]),
    node<Block | null>('eth_getBlockByNumber', ['pending', false]).catch(() => null),
  ]);
  // Many public nodes answer "pending" with the latest block: then it says nothing about the next one.
  const built = pending && BigInt(pending.number) > BigInt(latest.number) ? pending : undefined;
  const after = BigInt(latest.timestamp) + 1n;
  return {
    number: hex(BigInt(latest.number) + 1n),
    time: hex(max(after, built ? BigInt(built.timestamp) : BigInt(Math.floor(Date.now() / 1000)))),
    // The next base fee is within 12.5% of the latest one's when no pending block says it.
    baseFeePerGas: (built ?? latest).baseFeePerGas ?? '0x0',
    // The next block's builder is not known before it is built: the latest one's, or the pending block's.
    feeRecipient: (built ?? latest).miner,
    gasLimit: (built ?? latest).gasLimit,
    // PREVRANDAO of the next block cannot be known; the latest one's is as real as any.
    prevRandao: latest.mixHash ?? `0x${'0'.repeat(64)}`,
  };
}
