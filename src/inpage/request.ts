/**
 * What a page asks, before it is relayed: its method and params read once, written as the JSON text the content script
 * reads, or refused with the EIP-1193 error the page receives.
 */
import type { RpcErrorObject } from '../shared/errors';
import type { RequestMessage } from '../shared/protocol';
import { jsonText } from './jsonText';

/** The error a page receives: an Error with the EIP-1193 code and optional data. */
export class ProviderRpcError extends Error {
  readonly code: number;
  readonly data?: unknown;
  constructor({ code, message, data }: RpcErrorObject) {
    super(message);
    this.code = code;
    if (data !== undefined) this.data = data;
  }
}

/** What a page's getter or Proxy threw, in words: it may throw anything, even null. */
function reasonOf(error: unknown): string {
  try {
    if (error instanceof Error && typeof error.message === 'string') return error.message;
  } catch {
    // A Proxy that throws even when asked what it is.
  }
  return 'reading them threw something other than an Error';
}

/**
 * The request as the JSON text the content script reads, or why its params cannot be written (a function, a symbol, a
 * BigInt, a cycle). A framework's reactive Proxies are written as the values they show, where structured clone refused them.
 */
export function requestText(message: RequestMessage): { text: string } | { unsendable: string } {
  try {
    return { text: jsonText(message) };
  } catch (error) {
    return { unsendable: reasonOf(error) };
  }
}

/** The method and params, each read once: a getter or a Proxy may answer otherwise the next time, or throw. */
export function readRequest(args: unknown): { method: string; params: unknown } | ProviderRpcError {
  const malformed = () => new ProviderRpcError({ code: -32600, message: 'request expects an object { method: string, params?: array | object }' });
  let method: unknown;
  let params: unknown;
  try {
    if (typeof args !== 'object' || args === null) return malformed();
    ({ method, params } = args as { method?: unknown; params?: unknown });
  } catch {
    return malformed();
  }
  if (typeof method !== 'string' || method === '') return malformed();
  if (params !== undefined && (typeof params !== 'object' || params === null)) {
    return new ProviderRpcError({ code: -32602, message: 'params must be an array or an object when given' });
  }
  return { method, params };
}
