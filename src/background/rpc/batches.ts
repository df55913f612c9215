/** wallet_sendCalls, wallet_getCallsStatus, wallet_showCallsStatus (EIP-5792 2.0.0). */
import { hexlify, randomBytes } from 'ethers';
import { RpcError, invalidParams, userRejected } from '../../shared/errors';
import { positional, type Hex } from '../../shared/params';
import type { RpcResponse } from '../../shared/protocol';
import { BatchErrorCode, SEND_CALLS_VERSION, parseSendCalls, type BatchRequest } from '../../shared/schemas/sendCalls';
import type { SendCallsDetails } from '../../shared/ui';
import { DECLINE_UPGRADE_VALUE } from '../../shared/approvalValues';
import type { ApprovalDecision, ApprovalRecord } from '../approvals/types';
import { describeCall } from '../batches/encoding';
import { newBatch } from '../batches/prepare';
import { askUser, sendApproved } from '../batches/lifecycle';
import { refreshReceipts } from '../batches/receipts';
import { batchStatus, submissions } from '../batches/status';
import { suggestFees } from '../batches/fees';
import type { BatchCall, BatchRecord } from '../batches/types';
import { openActivity } from '../ui/activityWindow';
import type { Services } from '../services';
import { requireAuthorized, requireConnected } from './authorization';
import { DEFERRED, method, type MethodTable, type RequestContext } from './types';

const toCall = (c: BatchRequest['calls'][number]): BatchCall => ({
  to: c.to,
  value: `0x${c.value.toString(16)}`,
  data: c.data,
  ...(c.gasLimitOverride === undefined ? {} : { gasLimitOverride: `0x${c.gasLimitOverride.toString(16)}` as Hex }),
});

async function sendCalls(request: BatchRequest, ctx: RequestContext): Promise<unknown> {
  const { services, origin } = ctx;
  const network = await services.networks.selected();
  if (BigInt(request.chainId) !== BigInt(network.chainId)) {
    throw invalidParams(`chainId ${request.chainId} does not match the selected network ${network.chainId} (${network.name})`);
  }
  // EIP-5792 makes `from` optional: then the origin's own account.
  const from = request.from
    ? await requireAuthorized(services, origin, request.from, { allowLocked: true })
    : await requireConnected(services, origin);
  const id = request.id ?? hexlify(randomBytes(32));
  if (await services.batches.get(origin, id)) {
    throw new RpcError(BatchErrorCode.duplicateId, `A batch with id ${id} was already submitted by ${origin}`);
  }
  const calls = request.calls.map(toCall);
  // The batch's own chain from here on, even if a page switches the selected network meanwhile.
  const node = await services.nodeFor(network.chainId);
  const batch = await newBatch(node, network, { id, origin, from, calls }, request);
  if (!(await services.batches.add(batch))) throw new RpcError(BatchErrorCode.duplicateId, `A batch with id ${id} was already submitted by ${origin}`);
  const gas = batch.gasLimits.reduce((a, b) => a + BigInt(b), 0n);
  const details: SendCallsDetails = {
    batchId: id, from, chainId: network.chainId, networkName: network.name, symbol: network.nativeCurrency.symbol,
    atomic: batch.atomic, upgrade: batch.upgrade, calls: calls.map(describeCall),
    totalValue: request.calls.reduce((sum, c) => sum + c.value, 0n).toString(),
    maxFee: batch.sponsor ? '0' : (gas * (await suggestFees(node)).maxFeePerGas).toString(),
    warning: batch.warning,
    ...(batch.sponsor ? { sponsor: { name: batch.sponsor.name, icon: batch.sponsor.icon, origin: new URL(batch.sponsor.url).origin } } : {}),
  };
  await askUser(services, batch, () => services.approvals.request('sendCalls', ctx, details));
  return DEFERRED;
}

export async function completeSendCalls(services: Services, record: ApprovalRecord, decision: ApprovalDecision): Promise<RpcResponse> {
  const { batchId } = record.details as SendCallsDetails;
  if (!decision.approved) {
    await services.batches.remove(record.origin, batchId);
    if (decision.value === DECLINE_UPGRADE_VALUE) {
      return { error: new RpcError(BatchErrorCode.upgradeRejected, 'EIP-7702 upgrade rejected for this chain and account').toObject() };
    }
    return { error: userRejected().toObject() };
  }
  await services.batches.update(record.origin, batchId, (b) => (b.state === 'awaiting-approval' ? { ...b, state: 'approved', replyTo: record.replyTo } : b));
  return sendApproved(services, record.origin, batchId);
}

function idParam(params: unknown, name: string): string {
  const [id] = positional(params, name, 1);
  if (typeof id !== 'string' || id.length === 0) throw invalidParams('the batch id must be a non-empty string');
  return id;
}

async function ownBatch(services: Services, origin: string, id: string): Promise<BatchRecord> {
  const batch = await services.batches.get(origin, id);
  // Another origin's batch is reported as unknown: ids must not leak across sites.
  if (!batch || batch.kind === 'transaction' || batch.state === 'awaiting-approval') throw new RpcError(BatchErrorCode.unknownBundle, `Unknown batch id ${id}`);
  return batch;
}

export const batchMethods: MethodTable = {
  // paymasterService is known here; whether the selected chain supports it is decided in the handler.
  wallet_sendCalls: method({ parse: (params) => parseSendCalls(params, ['paymasterService']), handle: sendCalls }),
  wallet_getCallsStatus: method({
    parse: (params) => idParam(params, 'wallet_getCallsStatus'),
    async handle(id, { services, origin }) {
      const batch = await refreshReceipts(services, await ownBatch(services, origin, id));
      const receipts = submissions(batch).flatMap((t) => (t.receipt ? [t.receipt] : []));
      return {
        version: SEND_CALLS_VERSION,
        id,
        chainId: batch.chainId,
        status: batchStatus(batch),
        atomic: batch.atomic,
        receipts,
      };
    },
  }),
  wallet_showCallsStatus: method({
    parse: (params) => idParam(params, 'wallet_showCallsStatus'),
    async handle(id, { services, origin }) {
      const batch = await ownBatch(services, origin, id);
      await openActivity(batch.origin, batch.id);
      return null;
    },
  }),
};

