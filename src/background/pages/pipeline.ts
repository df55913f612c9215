/** Requests from the wallet's own pages, through the pipeline's `serve` step and the pages' table. */
import { ErrorCode, RpcError } from '../../shared/errors';
import type { PageMethod, PageRequest } from '../../shared/pages';
import type { RpcResponse } from '../../shared/protocol';
import { serve } from '../rpc/pipeline';
import { pageMethods } from './methods';
import type { PageContext, PageEntry } from './types';

export async function runPageRequest(request: PageRequest, ctx: PageContext & { touch(): Promise<void> }): Promise<RpcResponse> {
  const unknown = () => new RpcError(ErrorCode.unsupportedMethod, `The wallet's pages have no method ${request.method}`);
  const response = await serve<PageEntry<PageMethod>>(pageMethods, request.method, unknown, async (entry) => {
    const params = entry.parse(request.params);
    if (!entry.read) await ctx.touch();
    // The pages show the message to the user as it is: a domain's plain Error is not an "Internal error" there.
    return entry.handle(params, ctx).catch((error: unknown) => {
      throw error instanceof RpcError ? error : new RpcError(ErrorCode.internal, (error as Error).message);
    });
  });
  return response as RpcResponse;
}
