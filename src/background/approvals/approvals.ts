/**
 * The queue of requests waiting for the user. A record is persisted before the window opens and
 * finished from the record alone (`complete`), so approving after a worker restart still answers
 * the page. One approval window shows the queue in order.
 */
import type { ApprovalDecision, ApprovalDetails, ApprovalType, ApprovalView, PlanningView } from '../../shared/approvals';
import { ErrorCode, RpcError, toErrorObject, userRejected } from '../../shared/errors';
import type { RpcResponse } from '../../shared/protocol';
import { canonicalJson, isSealed, seal, type Sealer } from '../storage/seal';
import type { TypedStorage } from '../storage/typedStorage';
import type { ReplyTarget } from '../transport/types';
import type { AnsweredSlice, ApprovalRecord, ApprovalsSlice, PlanningSlice } from './types';

export interface ApprovalWindow {
  /**
   * Opens the approval window, or focuses it when it is open. `first`: the first waiting request (or one still being
   * planned), whose summary a new window paints before it has asked for the wallet state (shared/summaryInUrl.ts).
   */
  show(first?: ApprovalView | PlanningView): Promise<void>;
  /** Opens the window only if it is gone (after a worker restart), without stealing focus. */
  restore(): Promise<void>;
  /** Closes the window unless `isIdle`, asked in turn with opening, says a request arrived meanwhile. */
  closeIfIdle(isIdle: () => Promise<boolean>): Promise<void>;
}

export interface ApprovalDeps {
  local: TypedStorage<ApprovalsSlice>;
  session: TypedStorage<AnsweredSlice & PlanningSlice>;
  /**
   * Every record is sealed when written, at a new revision of the approvals' ledger; one that does not verify
   * (planted or altered) or is not the latest copy (written back after it changed or finished) is dropped, never finished.
   */
  sealer: Sealer;
  window: ApprovalWindow;
  /**
   * Turns the user's decision into the reply to the page (the method's own logic); null when the request was handed
   * on to another approval (a held request going on after the phishing warning), which answers the page instead.
   */
  complete(record: ApprovalRecord, decision: ApprovalDecision): Promise<RpcResponse | null>;
  reply(target: ReplyTarget, response: RpcResponse): Promise<void>;
}

/** A request being planned before it is queued (beginPlanning). */
export interface Planning {
  /** Throws 4001 when the user rejected it while it was planned (Reject, or closing the window that showed it). */
  stillAsked(): Promise<void>;
  /**
   * Planned (`queued`: the id it waits under; else answered without the user, or failed): the window closes if it
   * showed only this. Rejected by the user just as it was queued, the queued request is rejected too. Never throws.
   */
  end(queued?: string): Promise<void>;
}

export interface Approvals {
  /**
   * A request is being planned (it reads the account and the network before it can be queued): when that outlasts
   * PLANNING_GRACE_MS, as with a distant node, the window opens on it (`planning`), and its screen replaces it once
   * queued. Quicker plans, and requests answered or refused without the user, open nothing.
   */
  beginPlanning(from: Pick<ApprovalRecord, 'origin' | 'method'>): Planning;
  /** The requests being planned that the window shows, oldest first. */
  planning(): Promise<PlanningView[]>;
  /** Queues a page's request for the user; its reply is sent when the approval settles. */
  request<T extends ApprovalType>(type: T, from: Pick<ApprovalRecord, 'origin' | 'method' | 'replyTo'>, details: ApprovalDetails<T>): Promise<ApprovalRecord<T>>;
  pending(): Promise<ApprovalRecord[]>;
  /** This very request of this frame, asked before: still with the user (or being finished), or its answer. */
  earlier(request: ReplyTarget): Promise<'waiting' | RpcResponse | undefined>;
  settle(id: string, decision: ApprovalDecision): Promise<void>;
  /** After a worker restart: finishes the requests the user had decided when the worker stopped. */
  resume(): Promise<void>;
  /** The window was closed: every waiting request is rejected, as the user walked away. */
  rejectAll(): Promise<void>;
}

/** A page cannot bury the user (or fill storage) under requests: beyond this many waiting, it is told to wait. */
export const MAX_PENDING_PER_ORIGIN = 10;
/**
 * Many origins (subdomains) together cannot either: the pages' share of the queue. The wallet's own requests (no tab:
 * the popup's Send, the firewall's revert) count apart, bounded by the per-site cap, so pages that filled theirs
 * never block them.
 */
export const MAX_PENDING = 50;
export const MAX_PENDING_BYTES = 2_000_000;

const ownRequest = (record: Pick<ApprovalRecord, 'replyTo'>): boolean => record.replyTo.tabId < 0;

const alreadyPending = (message: string) => new RpcError(ErrorCode.resourceUnavailable, message);

/**
 * How long a request may be planned before the window opens on it. On the devnet a batch is planned in about 40 ms, so
 * the window opens once, on its screen; a node 200 ms away takes two round trips, and the user sees the window at once.
 */
export const PLANNING_GRACE_MS = 100;

/** Enough for the requests a frame can have on their way when its port closes. */
const MAX_ANSWERED_KEPT = 100;
const requestKey = (r: ReplyTarget) => `${r.tabId} ${r.frameId} ${r.origin} ${r.requestId}`;

export function createApprovals(deps: ApprovalDeps): Approvals {
  const { local, session } = deps;
  const ledger = deps.sealer.ledger('approvals');
  // Marks the requests this worker plans: ones listed by an earlier start were cut off with it.
  const start = crypto.randomUUID();

  const waiting = (all: ApprovalRecord[]) => all.filter((a) => !a.decision);
  const planning = async (): Promise<PlanningView[]> =>
    (await session.get('planning')).filter((p) => p.start === start).map(({ id, origin, method }) => ({ id, origin, method }));

  /** The key and the ledger, loaded before a synchronous storage update. */
  const loaded = async (): Promise<string> => (await Promise.all([deps.sealer.key(), ledger.ready()]))[0];
  /** Sealed by the wallet, and the latest copy (an older one written back, or one finished, is not). */
  const authentic = (key: string, all: ApprovalRecord[]): ApprovalRecord[] =>
    all.filter((record) => isSealed(key, record) && ledger.isLatest(record.id, record.revision));

  /** Reads the authentic records (dropping the others from storage). */
  const read = async (): Promise<ApprovalRecord[]> => {
    const key = await loaded();
    const all = await local.get('approvals');
    const valid = authentic(key, all);
    if (valid.length !== all.length) {
      console.warn(`[approvals] dropped ${all.length - valid.length} record(s) that fail authentication or are not the latest copy: never finished`);
      await change((current) => current);
    }
    return valid;
  };

  /** Changes the authentic records; what the edit changed or added is sealed at a new revision, what it removed retired. */
  const change = async (edit: (valid: ApprovalRecord[]) => ApprovalRecord[]): Promise<void> => {
    const key = await loaded();
    await local.update('approvals', (all) => {
      const valid = authentic(key, all);
      const edited = edit(valid);
      for (const gone of valid.filter((a) => !edited.includes(a))) ledger.retire(gone.id);
      return edited.map((record) => (valid.includes(record) ? record : seal(key, { ...record, revision: ledger.stamp(record.id) })));
    });
    await ledger.save();
  };

  /** Whether `id` was being planned (and shown): it is no longer. */
  const dropPlanning = async (id: string): Promise<boolean> => {
    let found = false;
    await session.update('planning', (all) => ((found = all.some((p) => p.id === id)), all.filter((p) => p.id !== id)));
    return found;
  };

  /** Nothing waits for the user, and the window shows nothing being planned: it may close. */
  const idle = async (): Promise<boolean> => waiting(await read()).length === 0 && (await planning()).length === 0;

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
    const response = await deps.complete(record, record.decision!).catch((error: unknown): RpcResponse => ({ error: toErrorObject(error) }));
    // A frame may send it again (its port closed before it heard); the wallet's own requests (no tab) never are.
    if (response && !ownRequest(record)) {
      await deps.session.update('answeredRequests', (answered) => [...answered, { request: requestKey(record.replyTo), response }].slice(-MAX_ANSWERED_KEPT));
    }
    // Removed (retired in the ledger) before the page hears: no copy of it, even one written back later, runs again.
    await change((all) => all.filter((a) => a.id !== record.id));
    if (response) await deps.reply(record.replyTo, response);
  };

  const approvals: Approvals = {
    beginPlanning({ origin, method }) {
      const view: PlanningView = { id: crypto.randomUUID(), origin, method };
      let shown: Promise<boolean> | undefined;
      const timer = setTimeout(() => {
        shown = (async () => {
          await session.update('planning', (all) => [...all, { ...view, start }]);
          await deps.window.show(view);
          return true;
        })().catch((error: Error) => (console.warn('[approvals] showing a request being planned failed', error.message), false));
      }, PLANNING_GRACE_MS);
      const listed = async () => (await session.get('planning')).some((p) => p.id === view.id);
      return {
        async stillAsked() {
          if (shown && (await shown) && !(await listed())) throw userRejected();
        },
        async end(queued) {
          clearTimeout(timer);
          if (!shown) return;
          const opened = await shown;
          try {
            const rejected = !(await dropPlanning(view.id)) && opened;
            await (rejected && queued ? approvals.settle(queued, { approved: false }) : deps.window.closeIfIdle(idle));
          } catch (error) {
            console.warn('[approvals] closing the window of a request planned failed', (error as Error).message);
          }
        },
      };
    },
    planning,
    async request(type, { origin, method, replyTo }, details) {
      const record = { id: crypto.randomUUID(), type, method, origin, replyTo, createdAt: Date.now(), details } as ApprovalRecord<typeof type>;
      const stored = record as ApprovalRecord;
      // The one the window shows first: this request, unless others wait before it.
      let first = stored;
      await change((all) => {
        const mine = waiting(all).filter((a) => a.origin === origin);
        // As in MetaMask: one connect request at a time per site.
        if (type === 'connect' && mine.some((a) => a.type === 'connect')) throw alreadyPending(`A connect request from ${origin} is already waiting for the user`);
        // One phishing warning per site: its other requests wait for the user's answer to that one.
        if (type === 'phishing' && mine.some((a) => a.type === 'phishing')) throw alreadyPending(`A request from ${origin} is already held behind the phishing warning; wait for the user's answer`);
        if (mine.length >= MAX_PENDING_PER_ORIGIN) throw alreadyPending(`${origin} already has ${mine.length} requests waiting for the user; wait for them to be answered`);
        const share = all.filter((a) => ownRequest(a) === ownRequest(stored));
        if (share.length >= MAX_PENDING || canonicalJson([...share, stored]).length > MAX_PENDING_BYTES) {
          throw alreadyPending(`The wallet already has ${share.length} requests waiting for the user; try again once they are answered`);
        }
        first = waiting(all)[0] ?? stored;
        return [...all, stored];
      });
      await deps.window.show(first as ApprovalView);
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
      else if (decision.approved || !(await dropPlanning(id))) throw new Error(`No pending approval ${id}`);
      await deps.window.closeIfIdle(idle);
    },
    async rejectAll() {
      // Those being planned are rejected once planned (stillAsked).
      await session.set('planning', []);
      await Promise.all((await decide('all', { approved: false })).map(finish));
    },
    async resume() {
      await session.update('planning', (all) => all.filter((p) => p.start === start));
      await Promise.all((await read()).filter((a) => a.decision).map(finish));
    },
  };
  return approvals;
}
