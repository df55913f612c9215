import { describe, expect, it } from 'vitest';
import { ErrorCode, RpcError } from '../../shared/errors';
import type { Hex } from '../../shared/params';
import type { ChainNode } from '../networks/rpcClient';
import { transactionStatus } from './transactionStatus';

const HASH: Hex = `0x${'ab'.repeat(32)}`;
const BLOCK_HASH: Hex = `0x${'cd'.repeat(32)}`;

/** A node with a head at 100, answering what the test gives it; `statusMethod` is its chain_transactionStatus, if any. */
function node(fields: { receipt?: { blockNumber: number; status: Hex }; inPool?: boolean; statusMethod?: 'Known' | 'Unknown' | 'unreachable' }): ChainNode {
  return (async (method: string) => {
    if (method === 'eth_blockNumber') return '0x64';
    if (method === 'eth_getTransactionReceipt') return fields.receipt ? { blockNumber: `0x${fields.receipt.blockNumber.toString(16)}`, blockHash: BLOCK_HASH, status: fields.receipt.status } : null;
    if (method === 'eth_getTransactionByHash') return fields.inPool ? { hash: HASH } : null;
    if (method === 'chain_transactionStatus') {
      if (fields.statusMethod === 'unreachable') throw new RpcError(ErrorCode.chainDisconnected, 'The node of Devnet is unreachable');
      if (fields.statusMethod) return { status: fields.statusMethod };
      throw new RpcError(-32601, 'the method chain_transactionStatus does not exist/is not available');
    }
    throw new Error(`unexpected ${method}`);
  }) as ChainNode;
}

describe('chain_transactionStatus', () => {
  it('answers from the receipt: Included in a sealed block, Preconfirmed in the block being built', async () => {
    expect(await transactionStatus(node({ receipt: { blockNumber: 100, status: '0x1' } }), HASH)).toEqual({ status: 'Included', blockNumber: '0x64', blockHash: BLOCK_HASH, success: true });
    expect(await transactionStatus(node({ receipt: { blockNumber: 101, status: '0x0' } }), HASH)).toEqual({ status: 'Preconfirmed', blockNumber: '0x65', success: false });
  });

  it('without a receipt, takes the node\'s own status method where it has one', async () => {
    expect(await transactionStatus(node({ statusMethod: 'Known' }), HASH)).toEqual({ status: 'Known' });
    expect(await transactionStatus(node({ statusMethod: 'Unknown', inPool: true }), HASH)).toEqual({ status: 'Unknown' });
  });

  it('elsewhere, asks whether the node knows the transaction; an unreachable node is an error', async () => {
    expect(await transactionStatus(node({ inPool: true }), HASH)).toEqual({ status: 'Known' });
    expect(await transactionStatus(node({}), HASH)).toEqual({ status: 'Unknown' });
    await expect(transactionStatus(node({ statusMethod: 'unreachable' }), HASH)).rejects.toMatchObject({ code: ErrorCode.chainDisconnected });
  });
});
