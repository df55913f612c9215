/**
 * A method table entry: its params schema, what authorization it needs, and either a handler or an approval. The
 * pipeline (pipeline.ts) runs the parse, the 4100 checks and the approval bookkeeping, so a handler holds only its
 * own logic. A family writes its entries with the `method` that `methodsUsing<…>()` gives it: they take the services
 * it names, and the table holds them with their params' type sealed in (the parse paired with the steps that take it).
 */
import type { ApprovalAnswer, ApprovalDetails, ApprovalType, RejectReason } from '../../shared/approvals';
import { ErrorCode, RpcError } from '../../shared/errors';
import type { Hex } from '../../shared/params';
import type { ApprovalRecord } from '../approvals/types';
import type { ReplaceMode } from '../batches/replace';
import type { Services, Using } from '../services';
import type { DappMethods } from './dappMethods';
import type { ReplyTarget } from '../transport/types';

export interface RequestContext<S = Services> {
  /** Taken from the browser's message sender, never from the page. */
  origin: string;
  method: string;
  replyTo: ReplyTarget;
  services: S;
  /** When the worker received it (approvals/arrival.ts): its place in the approval queue. */
  receivedAt?: number;
}

/** What a method of `auth` 'connected' or 'account' gets: the account the origin acts with, checked. */
export interface AccountContext<S = Services> extends RequestContext<S> {
  account: Hex;
}

/**
 * 'none': any page. 'connected': the origin must be connected; it acts with its own account. 'account': the account
 * `account(params)` names must be one of the origin's (when it names none, as 'connected'). While the wallet is
 * locked only methods that ask the user pass (their window unlocks first); the others answer as if not connected.
 */
export type Auth = 'none' | 'connected' | 'account';

/** Returned by `prepare` to answer at once, without asking the user (a site already connected). */
export class Answered<R = unknown> {
  constructor(readonly result: R) {}
}

/** The batch an approval runs, by its site and id; for a Speed up or Cancel, as it replaces its pending transaction `hash`. */
export interface ApprovalBatch {
  origin: string;
  id: string;
  /** `gasLimit`: the replacement's, as its review priced it (decimal). */
  replacing?: { hash: Hex; mode: ReplaceMode; gasLimit: string };
}

/** `C`: the request's context as the entry's auth gives it; `S`: the services its family uses. */
export interface ApprovalSpec<P, C, T extends ApprovalType, R = unknown, S = Services> {
  type: T;
  /** What the screen shows (stored with the request), or `new Answered(result)`. */
  prepare(params: P, ctx: C): Promise<ApprovalDetails<T> | Answered<R>>;
  /** Checks the screen's answer (`noAnswer` for types that have none). */
  answer(raw: unknown): ApprovalAnswer<T>;
  /** The user approved: the page's result (or a thrown RpcError). */
  approve(record: ApprovalRecord<T>, answer: ApprovalAnswer<T>, services: S): Promise<R>;
  /** Frees what `prepare` reserved when the request ends without approval (declined, or refused by the queue). */
  release?(details: ApprovalDetails<T>, origin: string, services: S): Promise<void>;
  /** The batch it runs, which the approval window previews (../pages/preview.ts); absent for types that run none. */
  batchOf?(details: ApprovalDetails<T>, origin: string): ApprovalBatch;
  /** The page's error when the user declined; 4001 unless the screen said why. */
  declined?(reason: RejectReason | undefined): RpcError;
}

/** The answer check of an approval type that has no answer (ApprovalTypes: `answer: null`). */
export const noAnswer = (): null => null;

type Steps<P, C, T extends ApprovalType, R, S> =
  | { handle(params: P, ctx: C): Promise<R>; approval?: never }
  | { approval: ApprovalSpec<P, C, T, R, S>; handle?: never };

interface EntryBase<P> {
  /** Validates raw params into a typed value; throws -32602 naming the bad field (async when it loads a large module). */
  parse(params: unknown): P | Promise<P>;
  /** Asks a node for the page: taken from the origin's request budget (../budget/requestBudget.ts) even when the site is connected. */
  node?: true;
}

/**
 * An entry as a family writes it: its params schema, its auth, and either a handler or an approval, whose context
 * follows from the auth. `R`: what the page gets, from the handler, or from the approval (answered at once, or approved).
 */
export type MethodEntry<P, T extends ApprovalType, R, S> =
  | (EntryBase<P> & { auth: 'none'; account?: never } & Steps<P, RequestContext<S>, T, R, S>)
  | (EntryBase<P> & {
    auth: 'connected' | 'account';
    /** For auth 'account': the account the params name. */
    account?(params: P): Hex | undefined;
  } & Steps<P, AccountContext<S>, T, R, S>);

/** Checks the account the params name (undefined: none) against the origin's; the pipeline's 4100 step (authorization.ts). */
export type Authorize = (named: Hex | undefined) => Promise<Hex>;

/** An approval's steps as the table holds them, its types sealed in by `method`; those after the decision work from the stored record. */
export interface TableApproval<R = unknown> {
  type: ApprovalType;
  /** Checks the screen's raw answer, then approves: the page's result. */
  approve(record: ApprovalRecord, rawAnswer: unknown, services: Services): Promise<R>;
  release?(details: ApprovalDetails<ApprovalType>, origin: string, services: Services): Promise<void>;
  batchOf?(details: ApprovalDetails<ApprovalType>, origin: string): ApprovalBatch;
  declined?(reason: RejectReason | undefined): RpcError;
}

/** An entry's next step, its params parsed and the origin authorized as its auth requires: the handler, or the approval's `prepare`. */
export type ReadyRequest<R = unknown> =
  | { handle(): Promise<R> }
  | { approval: TableApproval<R>; prepare(): Promise<ApprovalDetails<ApprovalType> | Answered<R>> };

/** The params as parsed, waiting for the 4100 step: `authorize` is the pipeline's check of the account they name. */
export interface ParsedRequest<R = unknown> {
  authorize(ctx: RequestContext, authorize: Authorize): Promise<ReadyRequest<R>>;
}

/** A table entry: `method` pairs its parse with the steps that take the parsed params, so the pipeline runs them with no cast. */
export interface TableEntry<R = unknown> {
  auth: Auth;
  node?: true;
  approval?: TableApproval<R>;
  /** Parses the raw params (throws -32602 naming the bad field) into the step that takes them. */
  parse(raw: unknown): Promise<ParsedRequest<R>>;
}

export type MethodTable = Record<string, TableEntry>;

/** A family's entries, each replying what DappMethods declares for its name. */
export type DappTable = { [M in keyof DappMethods]?: TableEntry<DappMethods[M]> };

/** Returned by the pipeline when the reply is sent later, once the user settles the approval. */
export const DEFERRED = Symbol('deferred');

/** The record's type is the spec's: what its screen showed is what `approve` reads. */
const isOfType = <T extends ApprovalType>(record: Pick<ApprovalRecord, 'type'>, type: T): record is ApprovalRecord<T> => record.type === type;

function tableApproval<P, C, T extends ApprovalType, R, K extends keyof Services>(spec: ApprovalSpec<P, C, T, R, Using<K>>): TableApproval<R> {
  return {
    type: spec.type,
    async approve(record, raw, services) {
      if (!isOfType(record, spec.type)) throw new RpcError(ErrorCode.internal, `No approval of type ${record.type} for ${record.method}`);
      return spec.approve(record, spec.answer(raw), services);
    },
    ...(spec.release ? { release: spec.release.bind(spec) } : {}),
    ...(spec.batchOf ? { batchOf: spec.batchOf.bind(spec) } : {}),
    ...(spec.declined ? { declined: spec.declined.bind(spec) } : {}),
  };
}

/**
 * The table entries of a family that uses the services `K`: each entry's parts are checked against each other (its
 * params, auth, approval type and reply), and its parse paired with the steps that take the parsed params.
 */
export const methodsUsing = <K extends keyof Services>() =>
  <P, T extends ApprovalType = never, R = unknown>(entry: MethodEntry<P, T, R, Using<K>>): TableEntry<R> => {
    const approval = entry.approval ? tableApproval(entry.approval) : undefined;
    const ready = <C extends RequestContext>(params: P, ctx: C, steps: Steps<P, C, T, R, Using<K>>): ReadyRequest<R> =>
      steps.handle ? { handle: () => steps.handle(params, ctx) } : { approval: tableApproval(steps.approval), prepare: () => steps.approval.prepare(params, ctx) };
    return {
      auth: entry.auth,
      ...(entry.node ? { node: entry.node } : {}),
      ...(approval ? { approval } : {}),
      async parse(raw) {
        const params = await entry.parse(raw);
        return {
          async authorize(ctx, authorize) {
            if (entry.auth === 'none') return ready<RequestContext>(params, ctx, entry);
            const full: AccountContext = { ...ctx, account: await authorize(entry.account?.(params)) };
            return ready<AccountContext>(params, full, entry);
          },
        };
      },
    };
  };
