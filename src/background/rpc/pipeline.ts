/** The one path every page request takes: look up → validate → handle → reply. */
import { ErrorCode, RpcError, toErrorObject } from '../../shared/errors';
import type { RpcResponse } from '../../shared/protocol';
import { methods, unsupportedReasons } from './methods';
import { DEFERRED, type RequestContext } from './types';

/** Params larger than this are refused before anything is parsed or stored (approvals persist them). */
const MAX_PARAMS_BYTES = 1_000_000;

export async function runRequest(ctx: RequestContext): Promise<RpcResponse | typeof DEFERRED> {
  try {
    const entry = Object.hasOwn(methods, ctx.request.method) ? methods[ctx.request.method] : undefined;
    if (!entry) {
      const reason = Object.hasOwn(unsupportedReasons, ctx.request.method) ? unsupportedReasons[ctx.request.method] : undefined;
      throw new RpcError(ErrorCode.unsupportedMethod, reason ?? `The method ${ctx.request.method} is not supported by this wallet`);
    }
    if ((JSON.stringify(ctx.request.params) ?? '').length > MAX_PARAMS_BYTES) {
      throw new RpcError(ErrorCode.invalidParams, `params of ${ctx.request.method} exceed ${MAX_PARAMS_BYTES} bytes`);
    }
    const result = await entry.handle(entry.parse(ctx.request.params), ctx);
    return result === DEFERRED ? DEFERRED : { result };
  } catch (error) {
    if (!(error instanceof RpcError)) console.error(`[rpc] ${ctx.request.method} failed`, error);
    return { error: toErrorObject(error) };
  }
}
