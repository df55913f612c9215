/** Answers the approval shown: at most once per request, so a double click cannot also answer the next one. */
import type { ApprovalAnswer, ApprovalType, ApprovalViewOf, RejectReason } from '../../shared/approvals';
import type { DeviceRequest } from '../../shared/deviceSigning';
import { call } from '../api/background';
import { useDeviceStep } from './ledger/deviceStep';

/**
 * The request being answered, and how. Reject still goes while an Approve waits for the worker: a Ledger account's may
 * wait a minute for the account's earlier request (rpc/deviceBatchPayloads.ts inTurn), the user must not.
 */
let answering: { id: string; approved: boolean } | null = null;

function settle(id: string, params: { approved: boolean; answer?: unknown; reason?: RejectReason }): Promise<DeviceRequest | null | void> {
  if (answering?.id === id && (params.approved || !answering.approved)) return Promise.resolve();
  const mine = (answering = { id, approved: params.approved });
  return call('resolveApproval', { id, ...params }).catch((error: unknown) => {
    if (answering === mine) answering = null;
    throw error;
  });
}

/**
 * A Ledger account's request goes to the device first (ledger/ConfirmOnLedger.tsx), which approves it with its
 * signature: the worker answers Approve with what the device must sign, and the request stays open to Reject.
 */
export async function approve<T extends ApprovalType>(approval: ApprovalViewOf<T>, answer: ApprovalAnswer<T>): Promise<unknown> {
  const device = await settle(approval.id, { approved: true, answer });
  if (device?.approvalId !== approval.id) return;
  answering = null;
  return useDeviceStep.getState().show(device, answer);
}

export const reject = (approval: { id: string }, reason?: RejectReason): Promise<unknown> =>
  settle(approval.id, { approved: false, ...(reason ? { reason } : {}) });
