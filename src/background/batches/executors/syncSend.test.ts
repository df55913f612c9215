import { describe, expect, it } from 'vitest';
import { ErrorCode, RpcError } from '../../../shared/errors';
import type { ChainNode } from '../../networks/rpcClient';
import { SYNC_SEND_TIMEOUT_MS, sendRawTransactionSync } from './syncSend';

const answering = (answer: () => unknown): { node: ChainNode; asked: unknown[][] } => {
  const asked: unknown[][] = [];
  const node = (async (method: string, params?: unknown[], options?: unknown) => {
    asked.push([method, params, options]);
    return answer();
  }) as ChainNode;
  return { node, asked };
};
const failing = (error: RpcError) => answering(() => Promise.reject(error)).node;

describe('eth_sendRawTransactionSync (EIP-7966)', () => {
  it('sends only the bytes, and stops listening after SYNC_SEND_TIMEOUT_MS', async () => {
    const receipt = { transactionHash: '0x01', blockNumber: '0x1', blockHash: '0x02', status: '0x1', gasUsed: '0x5208', logs: [] };
    const { node, asked } = answering(() => receipt);
    expect(await sendRawTransactionSync(node, '0xabcd')).toBe(receipt);
    expect(asked).toEqual([['eth_sendRawTransactionSync', ['0xabcd'], { timeoutMs: SYNC_SEND_TIMEOUT_MS }]]);
  });

  it('reads codes 4 (timeout) and 5 (not ready) as held by the node without a receipt yet', async () => {
    expect(await sendRawTransactionSync(failing(new RpcError(4, 'The transaction was added to the mempool but wasn\'t processed in 2s.', '0x01')), '0x')).toBe('waiting');
    expect(await sendRawTransactionSync(failing(new RpcError(5, 'not ready', '0x01')), '0x')).toBe('waiting');
  });

  it('throws any other answer as it came (a refusal, an unclear answer, a missing method), for the sender to sort', async () => {
    await expect(sendRawTransactionSync(failing(new RpcError(-32000, 'transaction type not supported')), '0x')).rejects.toThrow('transaction type not supported');
    await expect(sendRawTransactionSync(failing(new RpcError(-32601, 'Method not found')), '0x')).rejects.toMatchObject({ code: -32601 });
    await expect(sendRawTransactionSync(failing(new RpcError(ErrorCode.chainDisconnected, 'unreachable')), '0x')).rejects.toMatchObject({ code: ErrorCode.chainDisconnected });
  });
});
