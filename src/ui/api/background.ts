/** Typed calls from the wallet's pages to the background (the pages' method table, shared/pages.ts). */
import browser from 'webextension-polyfill';
import type { PageMethod, PageParams, PageRequest, PageResult } from '../../shared/pages';
import type { RpcResponse } from '../../shared/protocol';

type Args<M extends PageMethod> = keyof PageParams<M> extends never ? [] : [params: PageParams<M>];

export async function call<M extends PageMethod>(method: M, ...[params]: Args<M>): Promise<PageResult<M>> {
  const request: PageRequest = { type: 'page-request', method, params: params ?? {} };
  const response = (await browser.runtime.sendMessage(request)) as RpcResponse;
  if ('error' in response) throw new Error(response.error.message);
  return response.result as PageResult<M>;
}
