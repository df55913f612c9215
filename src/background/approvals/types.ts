import type { ApprovalDecision, ApprovalDetails, ApprovalType, ApprovalView, PlanningView } from '../../shared/approvals';
import type { RpcResponse } from '../../shared/protocol';
import type { ReplyTarget } from '../transport/types';

/**
 * A request waiting for the user. Everything needed to finish it is in the record (the method names the table entry
 * that finishes it; the details are what the screen showed), so it survives a worker restart.
 */
export type ApprovalRecord<T extends ApprovalType = ApprovalType> = {
  [K in T]: {
    id: string;
    type: K;
    method: string;
    origin: string;
    replyTo: ReplyTarget;
    /** When the worker received the request (arrival.ts): the queue is listed in this order. */
    createdAt: number;
    details: ApprovalDetails<K>;
    /** Set when the user answered; the record stays until the page has its reply. */
    decision?: ApprovalDecision;
    /** Its revision in the approvals' ledger (storage/ledger.ts): only the latest copy is shown or finished. */
    revision?: number;
  };
}[T];

export interface ApprovalsSlice {
  approvals: ApprovalRecord[];
}
export const APPROVALS_DEFAULTS: ApprovalsSlice = { approvals: [] };

/**
 * The answers the queue gave lately, by request ("tabId frameId origin requestId"), newest last: a frame whose port
 * closed before it heard one sends the request again, and gets the same answer rather than a second question.
 * Memory only (storage.session).
 */
export interface AnsweredSlice {
  answeredRequests: { request: string; response: RpcResponse }[];
}
export const ANSWERED_DEFAULTS: AnsweredSlice = { answeredRequests: [] };

/**
 * The requests being planned that the approval window shows (planning.ts), oldest first. `start`: the worker start
 * planning it; one from an earlier start died with that worker. Memory only (storage.session).
 */
export interface PlanningSlice {
  planning: (PlanningView & { start: string })[];
}
export const PLANNING_DEFAULTS: PlanningSlice = { planning: [] };

/**
 * The queue's link up to the method table, which it cannot import: the composition root (createServices.ts)
 * implements it with rpc/pipeline.ts `completeApproval`, so the entry that asked (its `approve` or `declined`) turns
 * the user's decision into the page's reply.
 */
export interface ApprovalFinisher {
  /**
   * The reply to the page; null when the request was handed on to another approval (a held request going on after
   * the phishing warning), which answers the page instead.
   */
  onDecided(record: ApprovalRecord, decision: ApprovalDecision): Promise<RpcResponse | null>;
}

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
