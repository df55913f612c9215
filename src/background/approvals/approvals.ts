/**
 * The queue of requests waiting for the user. A record is persisted before the window opens and
 * finished from the record alone (`complete`), so approving after a worker restart still answers
 * the page. One approval window shows the queue in order.
 */
import { ErrorCode, RpcError, toErrorObject } from '../../shared/errors';
import type { RpcResponse } from '../../shared/protocol';
import type { LocalStorage } from '../storage/schema';
import type { ApprovalDecision, ApprovalRecord, ApprovalType, ReplyTarget } from './types';

export interface ApprovalWindow {
  /** Opens the approval window, or focuses it when it is open. */
  show(): Promise<void>;
  /** Opens the window only if it is gone (after a worker restart), without stealing focus. */
  restore(): Promise<void>;
  /** Closes the window unless `isIdle`, asked in turn with opening, says a request arrived meanwhile. */
  closeIfIdle(isIdle: () => Promise<boolean>): Promise<void>;
}

export interface ApprovalDeps {
  local: LocalStorage;
  window: ApprovalWindow;
  /** Turns the user's decision into the reply to the page (the method's own logic). */
  complete(record: ApprovalRecord, decision: ApprovalDecision): Promise<RpcResponse>;
  reply(target: ReplyTarget, response: RpcResponse): Promise<void>;
}

export interface Approvals {
  /** Queues a page's request for the user; its reply is sent when the approval settles. */
  request(type: ApprovalType, from: Pick<ApprovalRecord, 'origin' | 'request' | 'replyTo'>, details?: unknown): Promise<ApprovalRecord>;
  pending(): Promise<ApprovalRecord[]>;
  settle(id: string, decision: ApprovalDecision): Promise<void>;
  /** The window was closed: every waiting request is rejected, as the user walked away. */
  rejectAll(): Promise<void>;
}

/** A page cannot bury the user (or fill storage) under requests: beyond this many waiting, it is told to wait. */
export const MAX_PENDING_PER_ORIGIN = 10;

const alreadyPending = (message: string) => new RpcError(ErrorCode.resourceUnavailable, message);

export function createApprovals(deps: ApprovalDeps): Approvals {
  const { local } = deps;

  const take = async (id: string): Promise<ApprovalRecord | undefined> => {
    let taken: ApprovalRecord | undefined;
    await local.update('approvals', (all) => {
      taken = all.find((a) => a.id === id);
      return all.filter((a) => a.id !== id);
    });
    return taken;
  };

  // The record is already taken: whatever happens, the page must get an answer.
  const finish = async (record: ApprovalRecord, decision: ApprovalDecision): Promise<void> => {
    const response = await deps.complete(record, decision).catch((error: unknown): RpcResponse => ({ error: toErrorObject(error) }));
    await deps.reply(record.replyTo, response);
  };

  return {
    async request(type, { origin, request, replyTo }, details) {
      const record: ApprovalRecord = { id: crypto.randomUUID(), type, origin, request, replyTo, createdAt: Date.now(), details };
      await local.update('approvals', (all) => {
        const mine = all.filter((a) => a.origin === origin);
        // As in MetaMask: one connect request at a time per site.
        if (type === 'connect' && mine.some((a) => a.type === 'connect')) throw alreadyPending(`A connect request from ${origin} is already waiting for the user`);
        if (mine.length >= MAX_PENDING_PER_ORIGIN) throw alreadyPending(`${origin} already has ${mine.length} requests waiting for the user; wait for them to be answered`);
        return [...all, record];
      });
      await deps.window.show();
      return record;
    },
    pending: () => local.get('approvals'),
    async settle(id, decision) {
      // Taken out first, so a double click cannot finish one request twice.
      const record = await take(id);
      if (!record) throw new Error(`No pending approval ${id}`);
      await finish(record, decision);
      await deps.window.closeIfIdle(async () => (await local.get('approvals')).length === 0);
    },
    async rejectAll() {
      let all: ApprovalRecord[] = [];
      await local.update('approvals', (current) => {
        all = current;
        return [];
      });
      await Promise.all(all.map((record) => finish(record, { approved: false })));
    },
  };
}
