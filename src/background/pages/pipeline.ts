/** Requests from the wallet's own pages, through the pipeline's `serve` step and the pages' table. */
import { ErrorCode, RpcError } from '../../shared/errors';
import type { PageMethod, PageRequest } from '../../shared/pages';
import type { RpcResponse } from '../../shared/protocol';
import { serve } from '../rpc/pipeline';
import { pageErrorInWords } from './lazyPageError';
import { pageMethods } from './methods';
import type { PageContext, PageEntry } from './types';

export async function runPageRequest(request: PageRequest, ctx: PageContext & { touch(): Promise<void> }): Promise<RpcResponse> {
  const unknown = () => new RpcError(ErrorCode.unsupportedMethod, `The wallet's pages have no method ${request.method}`);
  const response = await serve<PageEntry<PageMethod>>(pageMethods, request.method, unknown, async (entry) => {
    try {
      const params = entry.parse(request.params);
      if (!entry.read) await ctx.touch();
      return await entry.handle(params, ctx);
    } catch (error) {
      // As the pages show it: a refusal in words, a domain's plain Error as it is.
      throw await pageErrorInWords(error);
    }
  });
  return response as RpcResponse;
}
