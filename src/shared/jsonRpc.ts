/**
 * The one JSON-RPC 2.0 client over HTTP, used by the wallet (nodes, bundlers, paymaster services), the paymaster
 * service (its node) and the devnet. A JSON-RPC error reply is an RpcError with the server's code, message and data;
 * anything else that goes wrong is a JsonRpcTransportError saying why, which each caller turns into its own answer.
 */
import { RpcError } from './errors';

export type TransportFailure = 'unreachable' | 'timeout' | 'not-json' | 'no-result' | 'too-large';

export class JsonRpcTransportError extends Error {
  constructor(
    readonly reason: TransportFailure,
    message: string,
  ) {
    super(message);
    this.name = 'JsonRpcTransportError';
  }
}

export interface JsonRpcOptions {
  /** Default 30 s. */
  timeoutMs?: number;
  /** A reply body larger than this is refused unread (a hostile server must not fill the wallet's memory). */
  maxResponseBytes?: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;
let nextId = 1;

type Reply<T> = { result?: T; error?: { code: number; message: string; data?: unknown } };

async function post(url: string, body: string, timeoutMs: number): Promise<Response> {
  try {
    return await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError';
    throw new JsonRpcTransportError(
      timedOut ? 'timeout' : 'unreachable',
      timedOut ? `no answer within ${timeoutMs / 1000} s` : `unreachable (${(error as Error).message})`,
    );
  }
}

async function readReply<T>(response: Response, maxBytes: number | undefined): Promise<Reply<T>> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (maxBytes !== undefined && declared > maxBytes) throw new JsonRpcTransportError('too-large', `the reply of ${declared} bytes exceeds ${maxBytes}`);
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw new JsonRpcTransportError('unreachable', `the reply broke off (${(error as Error).message})`);
  }
  if (maxBytes !== undefined && text.length > maxBytes) throw new JsonRpcTransportError('too-large', `the reply exceeds ${maxBytes} bytes`);
  try {
    const body = JSON.parse(text) as Reply<T> | null;
    if (typeof body === 'object' && body !== null) return body;
  } catch {
    // Shaped below.
  }
  throw new JsonRpcTransportError('not-json', `HTTP ${response.status} without JSON`);
}

export async function jsonRpc<T = unknown>(url: string, method: string, params: unknown[] = [], options: JsonRpcOptions = {}): Promise<T> {
  const response = await post(url, JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }), options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const body = await readReply<T>(response, options.maxResponseBytes);
  if (body.error) throw new RpcError(Number(body.error.code), String(body.error.message), body.error.data);
  if (!('result' in body)) throw new JsonRpcTransportError('no-result', 'a reply without result or error');
  return body.result as T;
}
