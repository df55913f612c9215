/**
 * The one path every request takes: look up → parse → authorize → handle or ask the user → reply. Dapps' requests
 * run through the method table (methods.ts); the wallet's own pages through the second table (../pages/), with the
 * same `serve` step.
 */
import { ErrorCode, RpcError, toErrorObject, userRejected } from '../../shared/errors';
import type { ApprovalDecision } from '../../shared/approvals';
import type { RpcRequest, RpcResponse } from '../../shared/protocol';
import { receivedNow } from '../approvals/arrival';
import type { ApprovalRecord } from '../approvals/types';
import type { Services } from '../services';
import { knownSiteOf, siteOf } from '../sites/siteOf';
import type { ReplyTarget } from '../transport/types';
import { authorizedAccount } from './authorization';
import { methods, unsupportedReasons, walletMethods } from './methods';
import { ownRequest } from './ownRequest';
import { exceedsJsonLength } from './paramsSize';
import { stopIfListed, wentBack } from './phishing';
import { Answered, DEFERRED, type AccountContext, type ReadyRequest, type RequestContext, type TableApproval, type TableEntry } from './types';

/** Params whose JSON is larger than this are refused before anything is parsed or stored. */
const MAX_PARAMS_BYTES = 1_000_000;

/** Looks the method up and turns whatever the run throws into the reply's error. */
export async function serve<E>(
  table: Record<string, E>,
  name: string,
  unknown: () => RpcError,
  run: (entry: E) => Promise<unknown>,
): Promise<RpcResponse | typeof DEFERRED> {
  try {
    const entry = Object.hasOwn(table, name) ? table[name] : undefined;
    if (!entry) throw unknown();
    const result = await run(entry);
    return result === DEFERRED ? DEFERRED : { result };
  } catch (error) {
    if (!(error instanceof RpcError)) console.error(`[rpc] ${name} failed`, error);
    return { error: toErrorObject(error) };
  }
}

/** A method not in the table is refused, never forwarded: only the table's reads reach the node (node.ts). */
const unsupported = (name: string) => () =>
  new RpcError(ErrorCode.unsupportedMethod, Object.hasOwn(unsupportedReasons, name) ? unsupportedReasons[name] : `The method ${name} is not supported by this wallet`);

async function ask<R>({ approval, prepare }: Extract<ReadyRequest<R>, { approval: unknown }>, ctx: RequestContext): Promise<unknown> {
  // Planning a batch reads the account and the network: from a distant node the window opens meanwhile. Not for the
  // wallet's own requests: the popup that asked shows their errors, and would close as the window takes the focus.
  const planning = approval.batchOf && !ownRequest(ctx) ? ctx.services.approvals.plans.begin(ctx) : undefined;
  let queued: string | undefined;
  try {
    // Rejected by the user while planned, a plan that then fails is still the user's rejection.
    const details = await prepare().catch(async (error: unknown) => {
      await planning?.stillAsked();
      throw error;
    });
    if (details instanceof Answered) return details.result;
    try {
      await planning?.stillAsked();
      queued = (await ctx.services.approvals.request(approval.type, ctx, details)).id;
    } catch (error) {
      await approval.release?.(details, ctx.origin, ctx.services);
      throw error;
    }
    return DEFERRED;
  } finally {
    await planning?.end(queued);
  }
}

/** Node reads, and any request of an origin that is not connected, take from its site's budget (../budget/requestBudget.ts). */
async function charge(entry: TableEntry, { services, origin }: RequestContext): Promise<void> {
  if (entry.node || (await services.permissions.accountsOf(origin)).length === 0) services.requestBudget.charge(knownSiteOf(origin) ?? (await siteOf(origin)));
}

/** Runs the step the entry's parse led to: its handler, or asking the user. */
const run = (ready: ReadyRequest, ctx: RequestContext): Promise<unknown> => ('handle' in ready ? ready.handle() : ask(ready, ctx));

/** Parse, authorize, then handle or ask the user. */
async function proceed(entry: TableEntry, request: RpcRequest, ctx: RequestContext): Promise<unknown> {
  const parsed = await entry.parse(request.params);
  const ready = await parsed.authorize(ctx, (named) => authorizedAccount(ctx.services, ctx.origin, named, entry.approval !== undefined));
  return run(ready, ctx);
}

export function runRequest(request: RpcRequest, received: RequestContext): Promise<RpcResponse | typeof DEFERRED> {
  // Stamped as it comes, before any step waits: the queue lists requests as they arrived, not as their plans were ready.
  const ctx = { ...received, receivedAt: receivedNow() };
  return serve<TableEntry>(methods, request.method, unsupported(request.method), async (entry) => {
    if (exceedsJsonLength(request.params, MAX_PARAMS_BYTES)) {
      throw new RpcError(ErrorCode.invalidParams, `params of ${request.method} exceed ${MAX_PARAMS_BYTES} bytes`);
    }
    await charge(entry, ctx);
    if (!entry.approval) return (await stopIfListed(entry, request, ctx)) ?? proceed(entry, request, ctx);
    const key = askingKey(ctx.replyTo);
    // Sent again while this worker still prepares it (its frame's port closed and opened again): the same question,
    // whose answer reaches the frame on its new port. Checked and marked with no wait between.
    if (asking.has(key)) return DEFERRED;
    if (ctx.replyTo.tabId >= 0) asking.add(key);
    try {
      // Sent again because the port to a stopped worker closed before the answer: asked once, answered the same,
      // even if the site lost its connection meanwhile (the question already waits, or was answered).
      const earlier = await ctx.services.approvals.earlier(ctx.replyTo);
      if (earlier === 'waiting') return DEFERRED;
      if (earlier && 'error' in earlier) throw new RpcError(earlier.error.code, earlier.error.message, earlier.error.data);
      if (earlier) return earlier.result;
      return await ((await stopIfListed(entry, request, ctx)) ?? proceed(entry, request, ctx));
    } finally {
      asking.delete(key);
    }
  });
}

/**
 * The frames' requests this worker is preparing to ask the user about (parsed, planned, not yet queued), by frame and
 * request id: until queued, `approvals.earlier` does not know them. The wallet's own requests (no tab) are never sent again.
 */
const asking = new Set<string>();
const askingKey = (r: ReplyTarget) => `${r.tabId} ${r.frameId} ${r.origin} ${r.requestId}`;

/** The entry that asks the user for `name`: a dapp method, or (only for the wallet's own requests) one of walletMethods. */
function askingEntry(name: string, from: Pick<RequestContext, 'replyTo'>): TableEntry | undefined {
  if (Object.hasOwn(methods, name)) return methods[name];
  return ownRequest(from) && Object.hasOwn(walletMethods, name) ? walletMethods[name] : undefined;
}

/**
 * "Continue anyway" on the phishing warning: the site is trusted from now on and its held request goes on as if it
 * had just arrived. Null when it now waits for its own approval, which answers the page.
 */
async function continueHeld(services: Services, record: ApprovalRecord<'phishing'>): Promise<RpcResponse | null> {
  await services.trustedSites.trust(record.details.listedOrigin ?? record.origin);
  const { replyTo } = record;
  const same = (a: ApprovalRecord) => a.replyTo.tabId === replyTo.tabId && a.replyTo.frameId === replyTo.frameId && a.replyTo.requestId === replyTo.requestId && a.origin === record.origin;
  // Finished again after a worker restart: the request may already wait for its approval.
  if ((await services.approvals.pending()).some(same)) return null;
  const request = { method: record.details.request.method, params: record.details.request.params } as RpcRequest;
  // Its place in the queue is the held request's, as it arrived.
  const ctx: RequestContext = { origin: record.origin, method: request.method, replyTo, services, receivedAt: record.createdAt };
  const response = await serve<TableEntry>(methods, request.method, unsupported(request.method), (entry) => proceed(entry, request, ctx));
  return response === DEFERRED ? null : response;
}

/**
 * The wallet's own request (the popup's Send, Speed up, Cancel, Revert to a plain account): the same parse and
 * approval path as a dapp's, acting with the account the wallet chose, so no site authorization applies.
 */
export async function askAsWallet(name: string, params: unknown, ctx: AccountContext): Promise<void> {
  const entry = askingEntry(name, ctx);
  if (!entry?.approval) throw new RpcError(ErrorCode.internal, `${name} is not a method that asks the user`);
  // The account is the one the wallet chose: no site's authorization applies.
  await run(await (await entry.parse(params)).authorize(ctx, async () => ctx.account), ctx);
}

/** The approval of the method table entry that asked for `record`, when it is of the record's type. */
export function approvalSpecOf(record: ApprovalRecord): TableApproval | undefined {
  const spec = askingEntry(record.method, record)?.approval;
  return spec?.type === record.type ? spec : undefined;
}

/**
 * Turns the user's decision into the page's reply, by the method table entry that asked: the approvals' link up
 * (approvals/types.ts ApprovalFinisher.onDecided, wired in createServices.ts).
 */
export async function completeApproval(services: Services, record: ApprovalRecord, decision: ApprovalDecision): Promise<RpcResponse | null> {
  if (record.type === 'phishing') return decision.approved ? continueHeld(services, record) : wentBack(record);
  const spec = approvalSpecOf(record);
  if (!spec) throw new RpcError(ErrorCode.internal, `No approval of type ${record.type} for ${record.method}`);
  if (!decision.approved) {
    await spec.release?.(record.details, record.origin, services);
    return { error: (spec.declined?.(decision.reason) ?? userRejected()).toObject() };
  }
  try {
    return { result: await spec.approve(record, decision.answer, services) };
  } catch (error) {
    return { error: toErrorObject(error) };
  }
}
