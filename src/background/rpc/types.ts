/**
 * A method table entry: its params schema, what authorization it needs, and either a handler or an approval. The
 * pipeline (pipeline.ts) runs the parse, the 4100 checks and the approval bookkeeping, so a handler holds only its
 * own logic.
 */
import type { ApprovalAnswer, ApprovalDetails, ApprovalType, RejectReason } from '../../shared/approvals';
import type { RpcError } from '../../shared/errors';
import type { Hex } from '../../shared/params';
import type { ApprovalRecord } from '../approvals/types';
import type { ReplaceMode } from '../batches/replace';
import type { Services } from '../services';
import type { DappMethods } from './dappMethods';
import type { ReplyTarget } from '../transport/types';

export interface RequestContext {
  /** Taken from the browser's message sender, never from the page. */
  origin: string;
  method: string;
  replyTo: ReplyTarget;
  services: Services;
}

/** What a method of `auth` 'connected' or 'account' gets: the account the origin acts with, checked. */
export interface AccountContext extends RequestContext {
  account: Hex;
}

/**
 * 'none': any page. 'connected': the origin must be connected; it acts with its own account. 'account': the account
 * `account(params)` names must be one of the origin's (when it names none, as 'connected'). While the wallet is
 * locked only methods that ask the user pass (their window unlocks first); the others answer as if not connected.
 */
export type Auth = 'none' | 'connected' | 'account';

export type ContextFor<A extends Auth> = A extends 'none' ? RequestContext : AccountContext;

/** Returned by `prepare` to answer at once, without asking the user (a site already connected). */
export class Answered<R = unknown> {
  constructor(readonly result: R) {}
}

/** The batch an approval runs, by its site and id; for a Speed up or Cancel, as it replaces its pending transaction `hash`. */
export interface ApprovalBatch {
  origin: string;
  id: string;
  replacing?: { hash: Hex; mode: ReplaceMode };
}

export interface ApprovalSpec<P, A extends Auth, T extends ApprovalType, R = unknown> {
  type: T;
  /** What the screen shows (stored with the request), or `new Answered(result)`. */
  prepare(params: P, ctx: ContextFor<A>): Promise<ApprovalDetails<T> | Answered<R>>;
  /** Checks the screen's answer; types without one get null. */
  answer?(raw: unknown): ApprovalAnswer<T>;
  /** The user approved: the page's result (or a thrown RpcError). */
  approve(record: ApprovalRecord<T>, answer: ApprovalAnswer<T>, services: Services): Promise<R>;
  /** Frees what `prepare` reserved when the request ends without approval (declined, or refused by the queue). */
  release?(details: ApprovalDetails<T>, origin: string, services: Services): Promise<void>;
  /** The batch it runs, which the approval window previews (../pages/preview.ts); absent for types that run none. */
  batchOf?(details: ApprovalDetails<T>, origin: string): ApprovalBatch;
  /** The page's error when the user declined; 4001 unless the screen said why. */
  declined?(reason: RejectReason | undefined): RpcError;
}

interface EntryBase<P, A extends Auth> {
  /** Validates raw params into a typed value; throws -32602 naming the bad field (async when it loads a large module). */
  parse(params: unknown): P | Promise<P>;
  auth: A;
  /** For auth 'account': the account the params name. */
  account?(params: P): Hex | undefined;
  /** Asks a node for the page: taken from the origin's request budget (../budget/requestBudget.ts) even when the site is connected. */
  node?: true;
}

/** `R`: what the page gets, from the handler, or from the approval (answered at once, or approved). */
export type MethodEntry<P = unknown, A extends Auth = Auth, T extends ApprovalType = ApprovalType, R = unknown> = EntryBase<P, A> &
  ({ handle(params: P, ctx: ContextFor<A>): Promise<R>; approval?: never } | { approval: ApprovalSpec<P, A, T, R>; handle?: never });

export type MethodTable = Record<string, MethodEntry>;

/** A family's entries, each replying what DappMethods declares for its name. */
export type DappTable = { [M in keyof DappMethods]?: MethodEntry<unknown, Auth, ApprovalType, DappMethods[M]> };

/** Returned by the pipeline when the reply is sent later, once the user settles the approval. */
export const DEFERRED = Symbol('deferred');

/**
 * Checks an entry's parts against each other (its params, auth and approval type) and keeps its reply's type; the
 * table holds it with those erased (methods take their params bivariantly), the pipeline pairing parse and handle.
 */
export const method = <P, A extends Auth, T extends ApprovalType = never, R = unknown>(entry: MethodEntry<P, A, T, R>): MethodEntry<unknown, Auth, ApprovalType, R> =>
  entry;
