/** The approval queue over memory storage, for its tests: a second queue over the same storage is the worker after a restart. */
import type { RpcResponse } from '../../shared/protocol';
import { createSealer, memoryKeyStore } from '../storage/seal';
import { memoryBackend, typedStorage } from '../storage/typedStorage';
import type { ReplyTarget } from '../transport/types';
import { createApprovals, type ApprovalDeps } from './approvals';
import { ANSWERED_DEFAULTS, APPROVALS_DEFAULTS, PLANNING_DEFAULTS, type ApprovalFinisher } from './types';

type Reply = { target: ReplyTarget; response: RpcResponse };

/** `complete` stands for the method table's finisher (rpc/pipeline.ts completeApproval); a second queue over the same storage is the worker after a restart. */
export function setup(complete: ApprovalFinisher['onDecided'] = async (record, decision) =>
  decision.approved ? { result: `${record.method}:${String(decision.answer)}` } : { error: { code: 4001, message: 'User rejected the request' } }) {
  const local = typedStorage(memoryBackend(), APPROVALS_DEFAULTS);
  const session = typedStorage(memoryBackend(), { ...ANSWERED_DEFAULTS, ...PLANNING_DEFAULTS });
  // Kept across restarts (the extension's IndexedDB); each worker loads it afresh.
  const keys = memoryKeyStore();
  const replies: Reply[] = [];
  const window = { shown: 0, closed: 0, firsts: [] as (string | undefined)[], failing: false };
  const deps = (completer: ApprovalFinisher['onDecided']): ApprovalDeps => ({
    local,
    session,
    sealer: createSealer(keys),
    window: {
      show: async (first) => {
        if (window.failing) throw new Error('no window');
        window.shown++;
        window.firsts.push(first?.id);
      },
      restore: async () => undefined,
      closeIfIdle: async (isIdle) => void (window.closed += (await isIdle()) ? 1 : 0),
    },
    finisher: { onDecided: completer },
    reply: async (target, response) => void replies.push({ target, response }),
  });
  return {
    local, session, replies, window,
    approvals: createApprovals(deps(complete)),
    restarted: () => createApprovals(deps(async () => ({ result: 'after restart' }))),
    /** A queue whose finishing never ends: the worker stops in the middle of it. */
    stalled: () => createApprovals(deps(() => new Promise<RpcResponse>(() => undefined))),
  };
}

/** What the screens show does not matter to the queue. */
export const DETAILS = {} as never;

export const from = (n: number) => ({ origin: 'https://dapp.example', method: `m${n}`, replyTo: { tabId: 1, frameId: 0, origin: 'https://dapp.example', requestId: `r${n}` } });
