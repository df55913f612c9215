/**
 * chain_transactionStatus (spec 4, item 3): where a sent transaction stands, in one shape whichever way it was found.
 * A receipt answers first (from a sealed block, or from the block being built when the node pre-confirms); without
 * one, the node's own status method (Base's flashblocks nodes have it), else whether the node knows the transaction.
 */
import { ErrorCode, RpcError } from '../../shared/errors';
import { hash32, positional, type Hex } from '../../shared/params';
import type { ChainNode } from '../networks/rpcClient';
import { methodsUsing, type MethodTable } from './types';

/** The services these methods use. */
type Uses = 'node';
const method = methodsUsing<Uses>();

/**
 * Unknown: the node has not seen it. Known: in the node's pool, in no block yet. Preconfirmed: in the block being built
 * (its number is above the node's latest). Included: in a sealed block. `success` is the receipt's status.
 */
export type TransactionStatus =
  | { status: 'Unknown' | 'Known' }
  | { status: 'Preconfirmed'; blockNumber: Hex; success: boolean }
  | { status: 'Included'; blockNumber: Hex; blockHash: Hex; success: boolean };

type Receipt = { blockNumber: Hex; blockHash: Hex; status: Hex };

/** The node's own answer when it has the method and says Known or Unknown; undefined otherwise. */
async function nodeStatus(node: ChainNode, hash: Hex): Promise<TransactionStatus | undefined> {
  try {
    const answer = await node<{ status?: unknown } | null>('chain_transactionStatus', [hash]);
    return answer?.status === 'Known' || answer?.status === 'Unknown' ? { status: answer.status } : undefined;
  } catch (error) {
    // No such method there (each provider says so its own way); an unreachable node is the caller's answer too.
    if (error instanceof RpcError && error.code === ErrorCode.chainDisconnected) throw error;
    return undefined;
  }
}

export async function transactionStatus(node: ChainNode, hash: Hex): Promise<TransactionStatus> {
  const receipt = await node<Receipt | null>('eth_getTransactionReceipt', [hash]);
  if (receipt) {
    const success = receipt.status === '0x1';
    const latest = Number(await node<Hex>('eth_blockNumber'));
    return Number(receipt.blockNumber) > latest
      ? { status: 'Preconfirmed', blockNumber: receipt.blockNumber, success }
      : { status: 'Included', blockNumber: receipt.blockNumber, blockHash: receipt.blockHash, success };
  }
  const known = await nodeStatus(node, hash);
  if (known) return known;
  return { status: (await node('eth_getTransactionByHash', [hash])) ? 'Known' : 'Unknown' };
}

export const transactionStatusMethods: MethodTable = {
  chain_transactionStatus: method({
    parse: (params) => hash32(positional(params, 'chain_transactionStatus', 1)[0], 'transaction hash'),
    auth: 'none',
    node: true,
    handle: async (hash, { services }) => transactionStatus(services.node, hash),
  }),
};
