/** Answers the approval shown: at most once per request, so a double click cannot also answer the next one. */
import type { ApprovalAnswer, ApprovalType, ApprovalViewOf, RejectReason } from '../../shared/approvals';
import { call } from '../api/background';
import { useDeviceStep } from './ledger/deviceStep';

let answering: string | null = null;

function settle(id: string, params: { approved: boolean; answer?: unknown; reason?: RejectReason }): Promise<unknown> {
  if (answering === id) return Promise.resolve();
  answering = id;
  return call('resolveApproval', { id, ...params }).catch((error: unknown) => {
    answering = null;
    throw error;
  });
}

/** A Ledger account's request goes to the device first (ledger/ConfirmOnLedger.tsx), which approves it with its signature. */
export async function approve<T extends ApprovalType>(approval: ApprovalViewOf<T>, answer: ApprovalAnswer<T>): Promise<unknown> {
  if (answering === approval.id) return;
  const device = await call('deviceRequest', { id: approval.id, answer });
  if (device?.approvalId === approval.id) return useDeviceStep.getState().show(device, answer);
  return settle(approval.id, { approved: true, answer });
}

export const reject = (approval: { id: string }, reason?: RejectReason): Promise<unknown> =>
  settle(approval.id, { approved: false, ...(reason ? { reason } : {}) });
