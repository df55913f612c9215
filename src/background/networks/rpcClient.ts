/**
 * JSON-RPC to a network's node (or a bundler), across its endpoints (./failover.ts): no answer from any is 4901 (the
 * chain is disconnected), every one limiting requests -32005, a broken answer -32603.
 */
import { ErrorCode, RpcError } from '../../shared/errors';
import { JsonRpcTransportError, jsonRpc } from '../../shared/jsonRpc';
import { createFailover } from './failover';

/** How long to wait for one endpoint's answer (default 15 s): eth_sendRawTransactionSync is given up on sooner. */
export interface CallOptions {
  timeoutMs?: number;
}

/** JSON-RPC to one node (or bundler); handed to code that works on a chain, so it never needs the registry. */
export type ChainNode = <T = unknown>(method: string, params?: unknown[], options?: CallOptions) => Promise<T>;

/**
 * A network's endpoints and the name errors call them by: a URL may carry an API key, and error messages reach every
 * page (the `disconnect` event), so they name the network, never the URL.
 */
export interface Endpoint {
  urls: readonly string[];
  name: string;
}

/** Long enough for a slow public node, short enough that the next endpoint is asked while the page still waits. */
const ENDPOINT_TIMEOUT_MS = 15_000;

/** One back-off record per URL for the worker's life: every network and caller sees the same endpoint's state. */
const failover = createFailover();

/** Some public nodes refuse the `pending` block tag: the state at `latest` is what they can tell. */
const refusesPending = (error: unknown, params: unknown[]): boolean =>
  error instanceof RpcError && /pending/i.test(error.message) && params.includes('pending');

async function askOne<T>(url: string, method: string, params: unknown[], timeoutMs: number): Promise<T> {
  try {
    return await jsonRpc<T>(url, method, params, { timeoutMs });
  } catch (error) {
    if (!refusesPending(error, params)) throw error;
    return jsonRpc<T>(url, method, params.map((p) => (p === 'pending' ? 'latest' : p)), { timeoutMs });
  }
}

export async function callNode<T = unknown>(endpoint: Endpoint, method: string, params: unknown[] = [], timeoutMs = ENDPOINT_TIMEOUT_MS): Promise<T> {
  try {
    return await failover.call(endpoint.urls, (url) => askOne<T>(url, method, params, timeoutMs));
  } catch (error) {
    if (!(error instanceof JsonRpcTransportError)) throw error;
    if (error.reason === 'unreachable' || error.reason === 'timeout') {
      const why = error.reason === 'timeout' ? error.message : 'no connection';
      throw new RpcError(ErrorCode.chainDisconnected, `The node of ${endpoint.name} is unreachable (${why})`);
    }
    if (error.reason === 'rate-limited') {
      // The node's Retry-After: one past what a number writes in digits ("1e+21") is no wait to say.
      const seconds = error.retryAfterMs === undefined ? undefined : Math.ceil(error.retryAfterMs / 1000);
      const wait = seconds !== undefined && Number.isSafeInteger(seconds) ? `; try again in ${seconds} s` : '';
      throw new RpcError(ErrorCode.limitExceeded, `The nodes of ${endpoint.name} are limiting requests${wait}`);
    }
    throw new RpcError(ErrorCode.internal, `The node of ${endpoint.name} answered ${error.message}`);
  }
}

/** The network's endpoint that requests go to now (Settings → Networks shows it). */
export const endpointInUse = (urls: readonly string[]): string => failover.inUse(urls);

export const nodeOf = (network: { rpcUrls: readonly string[]; name: string }): Endpoint => ({ urls: network.rpcUrls, name: network.name });
