/**
 * Typed calls from the wallet's pages to the background (the pages' method table, shared/pages.ts); an error answer is
 * thrown as an RpcError. Through the browser's own runtime: the approval window's first script asks with it.
 */
import { RpcError } from '../../shared/errors';
import type { PageMethod, PageParams, PageRequest, PageResult } from '../../shared/pages';
import type { RpcResponse } from '../../shared/protocol';
import { sendMessage } from './runtime';

type Args<M extends PageMethod> = keyof PageParams<M> extends never ? [] : [params: PageParams<M>];

export async function call<M extends PageMethod>(method: M, ...[params]: Args<M>): Promise<PageResult<M>> {
  const request: PageRequest = { type: 'page-request', method, params: params ?? {} };
  const response = (await sendMessage(request)) as RpcResponse;
  // The code and data stay with the message, for screens that tell errors apart; the others show the message.
  if ('error' in response) throw new RpcError(response.error.code, response.error.message, response.error.data);
  return response.result as PageResult<M>;
}
