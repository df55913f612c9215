/** JSON-RPC to a node or bundler: no answer is 4901 (the chain is disconnected); a broken answer is -32603. */
import { ErrorCode, RpcError } from '../../shared/errors';
import { JsonRpcTransportError, jsonRpc } from '../../shared/jsonRpc';

/** How long to wait for one answer (default 30 s): eth_sendRawTransactionSync is given up on sooner. */
export interface CallOptions {
  timeoutMs?: number;
}

/** JSON-RPC to one node (or bundler); handed to code that works on a chain, so it never needs the registry. */
export type ChainNode = <T = unknown>(method: string, params?: unknown[], options?: CallOptions) => Promise<T>;

/**
 * An endpoint and the name errors call it by: a URL may carry an API key, and error messages reach every page
 * (the `disconnect` event), so they name the network, never the URL.
 */
export interface Endpoint {
  url: string;
  name: string;
}

export async function callNode<T = unknown>(endpoint: Endpoint, method: string, params: unknown[] = [], timeoutMs?: number): Promise<T> {
  try {
    return await jsonRpc<T>(endpoint.url, method, params, { timeoutMs });
  } catch (error) {
    if (!(error instanceof JsonRpcTransportError)) throw error;
    if (error.reason === 'unreachable' || error.reason === 'timeout') {
      const why = error.reason === 'timeout' ? error.message : 'no connection';
      throw new RpcError(ErrorCode.chainDisconnected, `The node of ${endpoint.name} is unreachable (${why})`);
    }
    throw new RpcError(ErrorCode.internal, `The node of ${endpoint.name} answered ${error.message}`);
  }
}

export const nodeOf = (network: { rpcUrls: string[]; name: string }): Endpoint => ({ url: network.rpcUrls[0], name: network.name });
