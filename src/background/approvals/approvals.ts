/**
 * The queue of requests waiting for the user. A record is stored as the window opens (before its page can ask for it)
 * and finished from the record alone (`finisher.onDecided`), so approving after a worker restart still answers
 * the page. One approval window shows the queue in order.
 */
import type { ApprovalDecision, ApprovalDetails, ApprovalType, ApprovalView } from '../../shared/approvals';
import { ErrorCode, RpcError, toErrorObject } from '../../shared/errors';
import type { RpcResponse } from '../../shared/protocol';
import { utf8Length } from '../storage/bytes';
import { canonicalJson, type Sealer } from '../storage/seal';
import type { TypedStorage } from '../storage/typedStorage';
import type { ReplyTarget } from '../transport/types';
import { knownSiteOf, siteOf } from '../sites/siteOf';
import { receivedNow } from './arrival';
import { sealedRecords } from './sealedRecords';
import { createPlans, type Plans } from './planning';
import type { AnsweredSlice, ApprovalFinisher, ApprovalRecord, ApprovalsSlice, ApprovalWindow, PlanningSlice } from './types';

export interface ApprovalDeps {
  local: TypedStorage<ApprovalsSlice>;
  session: TypedStorage<AnsweredSlice & PlanningSlice>;
  /** What seals the records (sealedRecords.ts). */
  sealer: Sealer;
  window: ApprovalWindow;
  /** The link up to the method table: what finishes a request the user decided. */
  finisher: ApprovalFinisher;
  reply(target: ReplyTarget, response: RpcResponse): Promise<void>;
}

export interface Approvals {
  /** Requests being planned before they are queued (planning.ts). */
  plans: Plans;
  /**
   * Queues a page's request for the user; its reply is sent when the approval settles. `receivedAt`: when the worker
   * received it (arrival.ts), its place in the queue; absent, it is placed now.
   */
  request<T extends ApprovalType>(type: T, from: Pick<ApprovalRecord, 'origin' | 'method' | 'replyTo'> & { receivedAt?: number }, details: ApprovalDetails<T>): Promise<ApprovalRecord<T>>;
  /** The requests waiting for the user, in the order the worker received them. */
  pending(): Promise<ApprovalRecord[]>;
  /** This very request of this frame, asked before: still with the user (or being finished), or its answer. */
  earlier(request: ReplyTarget): Promise<'waiting' | RpcResponse | undefined>;
  settle(id: string, decision: ApprovalDecision): Promise<void>;
  /** After a worker restart: finishes the requests the user had decided when the worker stopped. */
  resume(): Promise<void>;
  /** The window was closed: every waiting request is rejected, as the user walked away. */
  rejectAll(): Promise<void>;
}

/**
 * A page cannot bury the user (or fill storage) under requests: beyond this many waiting from its site (its subdomain
 * frames count to it, ../sites/siteOf.ts), it is told to wait.
 */
export const MAX_PENDING_PER_SITE = 10;
/**
 * Many origins (subdomains) together cannot either: the pages' share of the queue. The wallet's own requests (no tab:
 * the popup's Send, the firewall's revert) count apart, bounded by the per-site cap, so pages that filled theirs
 * never block them.
 */
export const MAX_PENDING = 50;
/** As stored (UTF-8). */
export const MAX_PENDING_BYTES = 2_000_000;

const ownRequest = (record: Pick<ApprovalRecord, 'replyTo'>): boolean => record.replyTo.tabId < 0;

const alreadyPending = (message: string) => new RpcError(ErrorCode.resourceUnavailable, message);

/** Enough for the requests a frame can have on their way when its port closes. */
const MAX_ANSWERED_KEPT = 100;
const requestKey = (r: ReplyTarget) => `${r.tabId} ${r.frameId} ${r.origin} ${r.requestId}`;

export function createApprovals(deps: ApprovalDeps): Approvals {
  const { read, change } = sealedRecords(deps.local, deps.sealer);

  // Stored as their plans were ready; shown as they arrived.
  const waiting = (all: ApprovalRecord[]) => all.filter((a) => !a.decision).sort((a, b) => a.createdAt - b.createdAt);

  /** Nothing waits for the user, and the window shows nothing being planned: it may close. */
  const idle = async (): Promise<boolean> => waiting(await read()).length === 0 && (await plans.list()).length === 0;
  const plans = createPlans({
    session: deps.session,
    window: deps.window,
    waitingOf: async (origin) => {
      const site = await siteOf(origin);
      const sites = await Promise.all(waiting(await read()).map((a) => siteOf(a.origin)));
      return sites.filter((s) => s === site).length;
    },
    maxPerSite: MAX_PENDING_PER_SITE,
    idle,
    reject: (id) => approvals.settle(id, { approved: false }),
  });

  /**
   * The decision is stored on the record before the request is finished, and the record removed only once it is
   * finished: a worker stopped in between finishes it on the next start (a frame that sends the request again after
   * the removal gets the answer kept in answeredRequests).
   * Only a record not yet decided can be decided, so a double click cannot finish one request twice.
   */
  const decide = async (ids: string[] | 'all', decision: ApprovalDecision): Promise<ApprovalRecord[]> => {
    let decided: ApprovalRecord[] = [];
    await change((all) => {
      decided = waiting(all).filter((a) => ids === 'all' || ids.includes(a.id)).map((a) => ({ ...a, decision }) as ApprovalRecord);
      return all.map((a) => decided.find((d) => d.id === a.id) ?? a);
    });
    return decided;
  };

  // Whatever happens while finishing, the page must get an answer.
  const finish = async (record: ApprovalRecord): Promise<void> => {
    const response = await deps.finisher.onDecided(record, record.decision!).catch((error: unknown): RpcResponse => ({ error: toErrorObject(error) }));
    // A frame may send it again (its port closed before it heard); the wallet's own requests (no tab) never are.
    if (response && !ownRequest(record)) {
      await deps.session.update('answeredRequests', (answered) => [...answered, { request: requestKey(record.replyTo), response }].slice(-MAX_ANSWERED_KEPT));
    }
    // Removed (retired in the ledger) before the page hears: no copy of it, even one written back later, runs again.
    await change((all) => all.filter((a) => a.id !== record.id));
    // Not waited for: Chrome's tab message to a page in the back/forward cache does not settle while it is there, and
    // the user's window must close meanwhile. Back, the page sends the request again and is answered as kept above.
    if (response) void deps.reply(record.replyTo, response);
  };

  const approvals: Approvals = {
    plans,
    async request(type, { origin, method, replyTo, receivedAt }, details) {
      const record = { id: crypto.randomUUID(), type, method, origin, replyTo, createdAt: receivedAt ?? receivedNow(), details } as ApprovalRecord<typeof type>;
      const stored = record as ApprovalRecord;
      // The one the window shows first: this request, unless others wait before it.
      let first = stored;
      const site = await siteOf(origin);
      // The change runs synchronously: every waiting request's site is looked up first. One queued meanwhile looked up
      // its own, but the worker may have forgotten it since (it remembers 1,000 origins): one whose site is not known
      // counts to this site's, rather than to none.
      const sites = new Map(await Promise.all(waiting(await read()).map(async (a) => [a.origin, await siteOf(a.origin)] as const)));
      // The window opens as soon as the request is accepted, while it is stored (a browser's window takes 100-200 ms to
      // load its page, the write 5-10 ms): its page asks for the queue once loaded, and storage answers in order.
      let accepted!: () => void;
      const opening = new Promise<void>((resolve) => (accepted = resolve)).then(() => deps.window.show(first as ApprovalView));
      const storing = change((all) => {
        const mine = waiting(all).filter((a) => a.origin === origin);
        const ofSite = waiting(all).filter((a) => (sites.get(a.origin) ?? knownSiteOf(a.origin) ?? site) === site);
        // As in MetaMask: one connect request at a time per site.
        if (type === 'connect' && mine.some((a) => a.type === 'connect')) throw alreadyPending(`A connect request from ${origin} is already waiting for the user`);
        // One phishing warning per site: its other requests wait for the user's answer to that one.
        if (type === 'phishing' && mine.some((a) => a.type === 'phishing')) throw alreadyPending(`A request from ${origin} is already held behind the phishing warning; wait for the user's answer`);
        if (ofSite.length >= MAX_PENDING_PER_SITE) throw alreadyPending(`${site} already has ${ofSite.length} requests waiting for the user (its subdomains' count too); wait for them to be answered`);
        const share = all.filter((a) => ownRequest(a) === ownRequest(stored));
        if (share.length >= MAX_PENDING || utf8Length(canonicalJson([...share, stored])) > MAX_PENDING_BYTES) {
          throw alreadyPending(`The wallet already has ${share.length} requests waiting for the user; try again once they are answered`);
        }
        first = waiting([...all, stored])[0];
        accepted();
        return [...all, stored];
      });
      // A window opened for a request that then could not be stored would wait on nothing: it closes, unless others wait
      // (a refused request opened none: `opening` never settles).
      const written = storing.catch((error: unknown) => {
        void opening.then(() => deps.window.closeIfIdle(idle)).catch(() => undefined);
        throw error;
      });
      await Promise.all([written, opening]);
      return record;
    },
    pending: async () => waiting(await read()),
    async earlier(request) {
      if (request.tabId < 0) return undefined;
      const key = requestKey(request);
      if ((await read()).some((a) => requestKey(a.replyTo) === key)) return 'waiting';
      return (await deps.session.get('answeredRequests')).find((a) => a.request === key)?.response;
    },
    async settle(id, decision) {
      const [record] = await decide([id], decision);
      if (record) await finish(record);
      // Rejected while being planned: dropped, and rejected once planned (stillAsked).
      else if (decision.approved || !(await plans.drop(id))) throw new Error(`No pending approval ${id}`);
      await deps.window.closeIfIdle(idle);
    },
    async rejectAll() {
      await plans.dropAll();
      await Promise.all((await decide('all', { approved: false })).map(finish));
    },
    async resume() {
      await plans.forgetEarlier();
      await Promise.all((await read()).filter((a) => a.decision).map(finish));
    },
  };
  return approvals;
}
