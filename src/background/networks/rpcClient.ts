/** JSON-RPC to a node or bundler: no answer is 4901 (the chain is disconnected); a broken answer is -32603. */
import { ErrorCode, RpcError } from '../../shared/errors';
import { JsonRpcTransportError, jsonRpc } from '../../shared/jsonRpc';

/** JSON-RPC to one node (or bundler); handed to code that works on a chain, so it never needs the registry. */
export type ChainNode = <T = unknown>(method: string, params?: unknown[]) => Promise<T>;

export async function callNode<T = unknown>(rpcUrl: string, method: string, params: unknown[] = [], timeoutMs?: number): Promise<T> {
  try {
    return await jsonRpc<T>(rpcUrl, method, params, { timeoutMs });
  } catch (error) {
    if (!(error instanceof JsonRpcTransportError)) throw error;
    if (error.reason === 'unreachable' || error.reason === 'timeout') {
      throw new RpcError(ErrorCode.chainDisconnected, `The node at ${rpcUrl} is unreachable: ${error.message}`);
    }
    throw new RpcError(ErrorCode.internal, `The node at ${rpcUrl} answered ${error.message}`);
  }
}
