/** JSON-RPC 2.0 over HTTP to a node. Node errors come back as RpcError with the node's own code and message. */
import { ErrorCode, RpcError } from '../../shared/errors';

const DEFAULT_TIMEOUT_MS = 30_000;
let nextId = 1;

export async function callNode<T = unknown>(rpcUrl: string, method: string, params: unknown[] = [], timeoutMs = DEFAULT_TIMEOUT_MS): Promise<T> {
  let reply: Response;
  try {
    reply = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new RpcError(ErrorCode.chainDisconnected, `The node at ${rpcUrl} is unreachable: ${(error as Error).message}`);
  }
  let body: { result?: T; error?: { code: number; message: string; data?: unknown } };
  try {
    body = await reply.json();
  } catch {
    throw new RpcError(ErrorCode.internal, `The node at ${rpcUrl} answered HTTP ${reply.status} without a JSON-RPC body`);
  }
  if (body.error) throw new RpcError(body.error.code, body.error.message, body.error.data);
  if (!('result' in body)) throw new RpcError(ErrorCode.internal, `The node at ${rpcUrl} answered without a result`);
  return body.result as T;
}
