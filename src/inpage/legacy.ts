/**
 * The pre-EIP-1193 calls libraries still make (web3.js 0.x/1.x, older ethers and dapps): JSON-RPC payloads in, JSON-RPC
 * responses out, through the provider's request().
 */
import type { RpcErrorObject } from '../shared/errors';

export interface JsonRpcPayload {
  id?: number | string | null;
  jsonrpc?: string;
  method: string;
  params?: unknown;
}

export type JsonRpcResponse = { id: number | string | null; jsonrpc: '2.0' } & ({ result: unknown } | { error: RpcErrorObject });
export type Callback<T> = (error: Error | null, response?: T) => void;
type Request = (args: { method: string; params?: unknown }) => Promise<unknown>;

const errorObject = (error: unknown): RpcErrorObject => {
  const { code, message, data } = error as Partial<RpcErrorObject>;
  const object = { code: typeof code === 'number' ? code : -32603, message: typeof message === 'string' ? message : String(error) };
  return data === undefined ? object : { ...object, data };
};

/** One payload, always answered with a response (an error response when the request failed). */
export async function respond(request: Request, payload: JsonRpcPayload): Promise<JsonRpcResponse> {
  const id = payload?.id ?? null;
  try {
    return { id, jsonrpc: '2.0', result: await request({ method: payload?.method, params: payload?.params }) };
  } catch (error) {
    return { id, jsonrpc: '2.0', error: errorObject(error) };
  }
}

/** sendAsync(payload | payload[], callback): a batch gets its responses in order, each with its own result or error. */
export function sendAsync(request: Request, payload: JsonRpcPayload | JsonRpcPayload[], callback: Callback<JsonRpcResponse | JsonRpcResponse[]>): void {
  if (Array.isArray(payload)) {
    void Promise.all(payload.map((one) => respond(request, one))).then((responses) => callback(null, responses));
    return;
  }
  void respond(request, payload).then((response) => callback('error' in response ? Object.assign(new Error(response.error.message), response.error) : null, response));
}
