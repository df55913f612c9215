/** The JSON-RPC 2.0 envelope (spec section 1): parses a request body, runs the method, shapes the reply. */
import { RpcError, invalidParams, type RpcErrorObject } from '../src/shared/errors';

export const ErrorCode = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internal: -32603,
  /** EIP-1474 "resource unavailable": the sponsorship store cannot be reached now; try again shortly. */
  resourceUnavailable: -32002,
  /** EIP-1474 "transaction rejected": the sponsorship policy does not cover this request. */
  notSponsored: -32003,
  /** EIP-1474 "limit exceeded": a daily budget (operations or wei) is used up, or too many requests. */
  limitExceeded: -32005,
} as const;

// The wallet's own error type: the same {code, message, data} shape on both sides of ERC-7677.
export { RpcError, invalidParams, type RpcErrorObject };

export type Id = number | string | null;
export type RpcReply = { jsonrpc: '2.0'; id: Id; result: unknown } | { jsonrpc: '2.0'; id: Id; error: RpcErrorObject };
/** A method gets its params and who is calling (the app its API key belongs to). */
export type Method<Caller> = (params: unknown[], caller: Caller) => Promise<unknown>;

/** One answered request, for logs and metrics: the method asked for (undefined when the envelope was broken). */
export interface Answered {
  method: string | undefined;
  params: unknown;
  error?: RpcErrorObject;
  seconds: number;
}

/** The most requests one batch may hold: each costs a store query and a node call, and a rate-limit token (http.ts). */
export const MAX_BATCH = 20;

/** A body's requests (one, or a batch's), or the error that answers it: not JSON, or an empty batch. */
export type Body = { requests: unknown[]; batch: boolean } | { error: RpcError };

export function parseBody(body: string): Body {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { error: new RpcError(ErrorCode.parseError, 'Parse error: the body is not valid JSON') };
  }
  if (!Array.isArray(parsed)) return { requests: [parsed], batch: false };
  if (parsed.length === 0) return { error: new RpcError(ErrorCode.invalidRequest, 'Invalid request: empty batch') };
  return { requests: parsed, batch: true };
}

export const storeUnavailable = () =>
  new RpcError(ErrorCode.resourceUnavailable, 'Resource unavailable: the sponsorship store cannot be reached; nothing was signed; try again in a few seconds', { reason: 'storeUnavailable' });

export const batchTooLarge = (size: number) =>
  new RpcError(ErrorCode.invalidRequest, `Invalid request: a batch may hold at most ${MAX_BATCH} requests; this one has ${size}`);

/** One reply per request; an array of replies for a batch. */
export async function handleBody<Caller>(
  body: Body,
  methods: Record<string, Method<Caller>>,
  caller: Caller,
  answered: (request: Answered) => void,
): Promise<RpcReply | RpcReply[]> {
  if ('error' in body) {
    answered({ method: undefined, params: undefined, error: body.error.toObject(), seconds: 0 });
    return failure(null, body.error);
  }
  const replies = await Promise.all(body.requests.map((request) => handleRequest(request, methods, caller, answered)));
  return body.batch ? replies : replies[0];
}

async function handleRequest<Caller>(
  request: unknown,
  methods: Record<string, Method<Caller>>,
  caller: Caller,
  answered: (request: Answered) => void,
): Promise<RpcReply> {
  const started = performance.now();
  const envelope = request as { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown };
  const id: Id = typeof envelope?.id === 'number' || typeof envelope?.id === 'string' ? envelope.id : null;
  const name = typeof envelope?.method === 'string' ? envelope.method : undefined;
  const reply = async (): Promise<RpcReply> => {
    const problem = envelopeProblem(envelope);
    if (problem) return failure(id, new RpcError(ErrorCode.invalidRequest, `Invalid request: ${problem}`));
    const method = Object.hasOwn(methods, name!) ? methods[name!] : undefined;
    if (!method) return failure(id, new RpcError(ErrorCode.methodNotFound, `Method not found: ${name} (this service answers ${Object.keys(methods).join(', ')})`));
    if (!Array.isArray(envelope.params)) return failure(id, invalidParams('params must be an array: [userOp, entryPoint, chainId, context]'));
    try {
      return { jsonrpc: '2.0', id, result: await method(envelope.params, caller) };
    } catch (error) {
      return failure(id, error);
    }
  };
  const result = await reply();
  answered({ method: name, params: envelope?.params, error: 'error' in result ? result.error : undefined, seconds: (performance.now() - started) / 1000 });
  return result;
}

function envelopeProblem(envelope: { jsonrpc?: unknown; id?: unknown; method?: unknown } | null): string | undefined {
  if (typeof envelope !== 'object' || envelope === null || Array.isArray(envelope)) return 'a request must be a JSON object';
  if (envelope.jsonrpc !== '2.0') return 'jsonrpc must be "2.0"';
  if (typeof envelope.id !== 'number' && typeof envelope.id !== 'string') return 'id must be a number or a string';
  if (typeof envelope.method !== 'string') return 'method must be a string';
  return undefined;
}

export function failure(id: Id, error: unknown): RpcReply {
  const object = error instanceof RpcError
    ? error.toObject()
    : { code: ErrorCode.internal, message: `Internal error: ${error instanceof Error ? error.message : String(error)}` };
  return { jsonrpc: '2.0', id, error: object };
}
