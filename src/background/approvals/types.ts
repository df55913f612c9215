import type { RpcRequest } from '../../shared/protocol';
import type { ApprovalType } from '../../shared/ui';

/**
 * Where a dapp request's reply goes: the document that sent it and the page's own request id. A
 * frame may have navigated by the time an approval finishes, so the reply also names the origin
 * (the content script drops it elsewhere) and, in Chrome, the exact document.
 */
export interface ReplyTarget {
  tabId: number;
  frameId: number;
  documentId?: string;
  origin: string;
  requestId: string;
}

export type { ApprovalType };

/** A request waiting for the user. Everything needed to finish it is in the record, so it survives a worker restart. */
export interface ApprovalRecord {
  id: string;
  type: ApprovalType;
  origin: string;
  request: RpcRequest;
  replyTo: ReplyTarget;
  createdAt: number;
  /** What the approval screen shows beyond the request itself (computed by the method's handler). */
  details?: unknown;
  /** Set when the user answered; the record stays until the page has its reply. */
  decision?: ApprovalDecision;
}

/** `value` carries the screen's answer: chosen accounts, or why the user declined. */
export interface ApprovalDecision {
  approved: boolean;
  value?: unknown;
}
