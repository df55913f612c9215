/**
 * Sites on the phishing list (../protection/phishingList.ts), by the origin the browser reports: a request that
 * would ask the user (also from a frame inside a listed page) is held behind a full-page warning ("Deceptive site") until the user goes back (4001) or trusts
 * the site (kept per origin; the request then goes on to its own approval); one that needs the site's authorization
 * is answered 4100 meanwhile. What any page may ask without a connection (chain reads, eth_accounts) is answered as
 * for any site.
 */
import { ErrorCode, RpcError } from '../../shared/errors';
import type { RpcRequest, RpcResponse } from '../../shared/protocol';
import type { ApprovalRecord } from '../approvals/types';
import { phishingVerdict, type PhishingLists } from '../protection/phishingList';
import { DEFERRED, type TableEntry, type RequestContext } from './types';

const listedReason = (hostname: string) => `${hostname} is on the phishing list of known deceptive sites (eth-phishing-detect)`;

function listedHost(origin: string, lists: PhishingLists): string | undefined {
  try {
    const { hostname } = new URL(origin);
    return phishingVerdict(hostname, lists)?.kind === 'listed' ? hostname : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The listed site behind a request that the user has not trusted: the frame's own origin, else the page around it (a
 * listed page embedding an unlisted frame is as deceptive as the frame itself).
 */
async function untrustedListed({ origin, replyTo, services }: RequestContext): Promise<{ origin: string; hostname: string } | undefined> {
  const lists = await services.phishingUpdates.lists();
  const top = replyTo.frameId === 0 ? undefined : await services.topOrigin(replyTo.tabId);
  for (const candidate of top && top !== origin ? [origin, top] : [origin]) {
    const hostname = listedHost(candidate, lists);
    if (hostname && !(await services.trustedSites.isTrusted(candidate))) return { origin: candidate, hostname };
  }
  return undefined;
}

/** Holds or refuses a request from a listed site the user has not trusted; undefined lets it go on. */
export async function stopIfListed(entry: TableEntry, request: RpcRequest, ctx: RequestContext): Promise<typeof DEFERRED | undefined> {
  if (!entry.approval && entry.auth === 'none') return undefined;
  const listed = await untrustedListed(ctx);
  if (!listed) return undefined;
  // Malformed params are answered as for any site, rather than held behind a warning the user would have to read first.
  await entry.parse(request.params);
  if (!entry.approval) {
    throw new RpcError(ErrorCode.unauthorized, `${listedReason(listed.hostname)}: the wallet does not answer it unless the user chooses to trust it`);
  }
  const around = listed.origin === ctx.origin ? {} : { listedOrigin: listed.origin };
  await ctx.services.approvals.request('phishing', ctx, { hostname: listed.hostname, ...around, request: { method: request.method, params: request.params } });
  return DEFERRED;
}

/** "Back to safety": the held request is declined. */
export const wentBack = (record: ApprovalRecord<'phishing'>): RpcResponse => ({
  error: new RpcError(ErrorCode.userRejected, `The user went back to safety: ${listedReason(record.details.hostname)}`).toObject(),
});
