/** wallet_sendCalls, wallet_getCallsStatus, wallet_showCallsStatus (EIP-5792 2.0.0); a batch's planning is in sendCallsPlan.ts. */
import { BatchErrorCode, RpcError, invalidParams, userRejected } from '../../shared/errors';
import { positional } from '../../shared/params';
import { SEND_CALLS_VERSION, parseSendCalls } from '../../shared/schemas/sendCalls';
import { approvedWords } from '../calls/recorded';
import { refreshReceipts } from '../batches/follow';
import { sendBatch, sentCalls } from '../batches/run';
import { batchStatus, counted, preconfirmed } from '../batches/status';
import { isBatchAltered } from '../batches/store';
import type { BatchRecord } from '../batches/types';
import type { Using } from '../services';
import { feeAnswer, prepare, type Uses } from './sendCallsPlan';
import { type DappTable, methodsUsing } from './types';

const method = methodsUsing<Uses>();

function idParam(params: unknown, name: string): string {
  const [id] = positional(params, name, 1);
  if (typeof id !== 'string' || id.length === 0) throw invalidParams('the batch id must be a non-empty string');
  return id;
}

const unknownBatch = (id: string) => new RpcError(BatchErrorCode.unknownBundle, `Unknown batch id ${id}`);

async function ownBatch(services: Using<Uses>, origin: string, id: string): Promise<BatchRecord> {
  // Another origin's batch is reported as unknown: ids must not leak across sites. So is a record the wallet did not
  // write as it stands (planted in storage.local, which a content script writes on Firefox): its status, a success
  // with receipts, would be the planter's word, which the site acts on.
  const batch = await services.batches.own(origin, id);
  if (!batch || batch.kind === 'transaction' || batch.state === 'awaiting-approval') throw unknownBatch(id);
  return batch;
}

export const batchMethods = {
  // paymasterService is known here; whether the selected chain supports it is decided when planning. walletFeeSource
  // passes the parse, and prepare refuses it from a page (sendCallsPlan.ts walletFeeSource).
  wallet_sendCalls: method({
    parse: (params) => parseSendCalls(params, ['paymasterService', 'dataSuffix', 'walletFeeSource']),
    // EIP-5792 makes `from` optional: then the origin's own account.
    auth: 'account',
    account: (request) => request.from,
    approval: {
      type: 'sendCalls',
      answer: feeAnswer,
      prepare,
      // The words the screen showed are kept with the batch: Activity and Speed up / Cancel show them again. Who pays
      // the fee is the user's pick, refused when the plan did not offer it (batches/paidWith.ts).
      approve: async ({ id, origin, details }, answer, services) => {
        await services.deviceSigning.placeSigned(id, { origin, batchId: details.batchId, from: details.from });
        await sendBatch(services, origin, details.batchId, { ...approvedWords(details.calls), ...(answer ? { feeSource: answer.feeSource } : {}) });
        return sentCalls(details.batchId);
      },
      release: (details, origin, services) => services.batches.remove(origin, details.batchId),
      batchOf: (details, origin) => ({ origin, id: details.batchId }),
      declined: (reason) =>
        reason === 'decline-upgrade' ? new RpcError(BatchErrorCode.upgradeRejected, 'EIP-7702 upgrade rejected for this chain and account') : userRejected(),
    },
  }),
  wallet_getCallsStatus: method({
    parse: (params) => idParam(params, 'wallet_getCallsStatus'),
    auth: 'none',
    async handle(id, { services, origin }) {
      // Looked at on chain only as the wallet wrote it: one planted in storage.local may name thousands of transactions.
      // A record swapped in while the node was asked (a content script sees the page's request go out) is refused by the
      // refresh's update, and is no batch of the wallet's.
      const batch = await refreshReceipts(services, await ownBatch(services, origin, id)).catch((error: unknown) => {
        throw isBatchAltered(error) ? unknownBatch(id) : error;
      });
      const receipts = counted(batch).flatMap((t) => (t.receipt ? [t.receipt] : []));
      // With receipts: whether any is only pre-confirmed (its block not sealed yet), so the status may still change.
      const capabilities = receipts.length > 0 ? { capabilities: { preconfirmed: preconfirmed(batch) } } : {};
      return { version: SEND_CALLS_VERSION, id, chainId: batch.chainId, status: batchStatus(batch), atomic: batch.atomic, receipts, ...capabilities };
    },
  }),
  wallet_showCallsStatus: method({
    parse: (params) => idParam(params, 'wallet_showCallsStatus'),
    auth: 'none',
    async handle(id, { services, origin }) {
      const batch = await ownBatch(services, origin, id);
      await services.showActivity(batch.origin, batch.id);
      return null;
    },
  }),
} satisfies DappTable;
