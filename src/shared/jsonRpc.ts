/**
 * The one JSON-RPC 2.0 client over HTTP, used by the wallet (nodes, bundlers, paymaster services), the paymaster
 * service (its node) and the devnet. A JSON-RPC error reply is an RpcError with the server's code, message and data;
 * anything else that goes wrong is a JsonRpcTransportError saying why, which each caller turns into its own answer.
 */
import { RpcError } from './errors';

/** `rate-limited`: HTTP 429; `server-error`: HTTP 5xx without a JSON-RPC error to pass on. */
export type TransportFailure = 'unreachable' | 'timeout' | 'not-json' | 'no-result' | 'too-large' | 'redirected' | 'rate-limited' | 'server-error';

export class JsonRpcTransportError extends Error {
  constructor(
    readonly reason: TransportFailure,
    message: string,
    /** How long the server asked to be left alone (HTTP Retry-After), when it said. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'JsonRpcTransportError';
  }
}

export interface JsonRpcOptions {
  /** Default 30 s. */
  timeoutMs?: number;
  /** A reply body larger than this is refused, read no further (a hostile server must not fill the wallet's memory). */
  maxResponseBytes?: number;
  /** Refuse a redirect instead of following it (it could lead to a host the caller would not have asked). */
  refuseRedirects?: boolean;
}

const DEFAULT_TIMEOUT_MS = 30_000;
let nextId = 1;

type Reply<T> = { result?: T; error?: { code: number; message: string; data?: unknown } };

const timedOut = (error: unknown): boolean => (error as Error).name === 'TimeoutError';

/** The same for every request: fetch copies it. */
const HEADERS: Readonly<Record<string, string>> = Object.freeze({ 'Content-Type': 'application/json' });

async function post(url: string, body: string, timeoutMs: number, refuseRedirects: boolean): Promise<Response> {
  let response: Response;
  try {
    const init: RequestInit = { method: 'POST', headers: HEADERS, body, signal: AbortSignal.timeout(timeoutMs) };
    if (refuseRedirects) init.redirect = 'manual';
    response = await fetch(url, init);
  } catch (error) {
    throw new JsonRpcTransportError(
      timedOut(error) ? 'timeout' : 'unreachable',
      timedOut(error) ? `no answer within ${timeoutMs / 1000} s` : `unreachable (${(error as Error).message})`,
    );
  }
  // Browsers answer a manual redirect with an opaque response (status 0), Node with the 3xx itself.
  if (refuseRedirects && (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400))) {
    await response.body?.cancel().catch(() => undefined);
    throw new JsonRpcTransportError('redirected', 'redirected elsewhere (redirects are refused)');
  }
  return response;
}

/** The body as text, read chunk by chunk and abandoned as soon as it passes `maxBytes`. */
async function readText(response: Response, maxBytes: number | undefined): Promise<string> {
  if (maxBytes === undefined) return response.text();
  const tooLarge = () => new JsonRpcTransportError('too-large', `the reply exceeds ${maxBytes} bytes`);
  if (Number(response.headers.get('content-length') ?? 0) > maxBytes) throw tooLarge();
  if (!response.body) return response.text();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  chunks.reduce((offset, chunk) => (bytes.set(chunk, offset), offset + chunk.byteLength), 0);
  return new TextDecoder().decode(bytes);
}

/** Retry-After in seconds or as an HTTP date; undefined when absent or unreadable. */
function retryAfterMs(response: Response): number | undefined {
  const value = response.headers.get('retry-after');
  if (value === null) return undefined;
  const ms = /^\d+$/.test(value.trim()) ? Number(value) * 1000 : Date.parse(value) - Date.now();
  return Number.isFinite(ms) ? Math.max(0, ms) : undefined;
}

async function readReply<T>(response: Response, options: JsonRpcOptions): Promise<Reply<T>> {
  if (response.status === 429) {
    await response.body?.cancel().catch(() => undefined);
    throw new JsonRpcTransportError('rate-limited', 'HTTP 429 (too many requests)', retryAfterMs(response));
  }
  let text: string;
  try {
    text = await readText(response, options.maxResponseBytes);
  } catch (error) {
    if (error instanceof JsonRpcTransportError) throw error;
    if (timedOut(error)) throw new JsonRpcTransportError('timeout', `no complete answer within ${(options.timeoutMs ?? DEFAULT_TIMEOUT_MS) / 1000} s`);
    throw new JsonRpcTransportError('unreachable', `the reply broke off (${(error as Error).message})`);
  }
  try {
    const body = JSON.parse(text) as Reply<T> | null;
    // A server error passes on only as the JSON-RPC error it carries.
    if (typeof body === 'object' && body !== null && (response.status < 500 || body.error)) return body;
  } catch {
    // Shaped below.
  }
  if (response.status >= 500) throw new JsonRpcTransportError('server-error', `HTTP ${response.status}`, retryAfterMs(response));
  throw new JsonRpcTransportError('not-json', `HTTP ${response.status} without JSON`);
}

export async function jsonRpc<T = unknown>(url: string, method: string, params: unknown[] = [], options: JsonRpcOptions = {}): Promise<T> {
  const body = JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params });
  const reply = await readReply<T>(await post(url, body, options.timeoutMs ?? DEFAULT_TIMEOUT_MS, options.refuseRedirects === true), options);
  // Marked as the server's (errors.ts isServerSaid): the screens never read its words as the wallet's.
  if (reply.error) throw Object.assign(new RpcError(Number(reply.error.code), String(reply.error.message), reply.error.data), { server: true });
  if (!('result' in reply)) throw new JsonRpcTransportError('no-result', 'a reply without result or error');
  return reply.result as T;
}
