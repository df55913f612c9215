import type { RpcRequest } from '../../shared/protocol';
import type { ReplyTarget } from '../approvals/types';
import type { Services } from '../services';

export interface RequestContext {
  /** Taken from the browser's message sender, never from the page. */
  origin: string;
  /** The request as the page sent it; approvals keep it to finish the request later. */
  request: RpcRequest;
  replyTo: ReplyTarget;
  services: Services;
}

/** Returned by a handler whose reply is sent later, when the user settles its approval. */
export const DEFERRED = Symbol('deferred');

export interface MethodEntry<P = unknown> {
  /** Validates raw params into a typed value; throws -32602 naming the bad field. */
  parse(params: unknown): P;
  handle(params: P, ctx: RequestContext): Promise<unknown>;
}

export type MethodTable = Record<string, MethodEntry>;

/** Keeps each entry's param type checked against its handler while the table stays uniform. */
export const method = <P>(entry: MethodEntry<P>): MethodEntry => entry as MethodEntry;
