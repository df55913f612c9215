/**
 * eth_sendTransaction. It runs through the batch machinery as a one-call sequential batch of kind
 * `transaction`: the same persistence, nonce lock, restart resume, receipts and Activity entry.
 */
import { hexlify, randomBytes } from 'ethers';
import { invalidParams, userRejected } from '../../shared/errors';
import type { Hex } from '../../shared/params';
import type { RpcResponse } from '../../shared/protocol';
import { parseSendTransaction, type TransactionRequest } from '../../shared/schemas/sendTransaction';
import type { FeeTierName, SendTransactionDetails } from '../../shared/ui';
import type { ApprovalDecision, ApprovalRecord } from '../approvals/types';
import { describeCall } from '../batches/encoding';
import { suggestFees, type FeeTier } from '../batches/fees';
import { callGas } from '../batches/plan';
import type { BatchCall, BatchRecord } from '../batches/types';
import type { Services } from '../services';
import { requireAuthorized } from './authorization';
import { askUser, sendApproved } from '../batches/lifecycle';
import { DEFERRED, method, type MethodTable, type RequestContext } from './types';

const TIERS: FeeTierName[] = ['low', 'market', 'aggressive'];
const hex = (value: bigint): Hex => `0x${value.toString(16)}`;

async function sendTransaction(tx: TransactionRequest, ctx: RequestContext): Promise<unknown> {
  const { services, origin } = ctx;
  const from = await requireAuthorized(services, origin, tx.from, { allowLocked: true });
  const network = await services.networks.selected();
  if (tx.chainId && BigInt(tx.chainId) !== BigInt(network.chainId)) {
    throw invalidParams(`transaction.chainId ${tx.chainId} does not match the selected network ${network.chainId} (${network.name})`);
  }
  const call: BatchCall = { ...(tx.to ? { to: tx.to } : {}), value: hex(tx.value), data: tx.data };
  const node = await services.nodeFor(network.chainId);
  const estimate = tx.gas === undefined ? await callGas(node, from, call) : { gas: tx.gas };
  const fixedFees = tx.maxFeePerGas !== undefined ? { maxFeePerGas: hex(tx.maxFeePerGas), maxPriorityFeePerGas: hex(tx.maxPriorityFeePerGas!) } : undefined;
  const batch: BatchRecord = {
    kind: 'transaction', id: hexlify(randomBytes(32)), origin, chainId: network.chainId, from, atomic: false, upgrade: false,
    calls: [call], gasLimits: [hex(estimate.gas)], state: 'awaiting-approval', transactions: [], createdAt: Date.now(),
    ...(fixedFees ? { fees: fixedFees } : {}),
    ...(tx.nonce !== undefined ? { nonce: tx.nonce } : {}),
  };
  await services.batches.add(batch);
  const maxFees = fixedFees
    ? { fixed: (estimate.gas * BigInt(fixedFees.maxFeePerGas)).toString() }
    : Object.fromEntries(await Promise.all(TIERS.map(async (tier) => [tier, (estimate.gas * (await suggestFees(node, tier)).maxFeePerGas).toString()])));
  const details: SendTransactionDetails = {
    batchId: batch.id, from, networkName: network.name, symbol: network.nativeCurrency.symbol,
    call: describeCall(call), gasLimit: estimate.gas.toString(), maxFees, warning: 'warning' in estimate ? estimate.warning : undefined,
  };
  await askUser(services, batch, () => services.approvals.request('sendTransaction', ctx, details));
  return DEFERRED;
}

export async function completeSendTransaction(services: Services, record: ApprovalRecord, decision: ApprovalDecision): Promise<RpcResponse> {
  const { batchId } = record.details as SendTransactionDetails;
  if (!decision.approved) {
    await services.batches.remove(record.origin, batchId);
    return { error: userRejected().toObject() };
  }
  const tier = TIERS.includes(decision.value as FeeTier) ? (decision.value as FeeTier) : 'market';
  await services.batches.update(record.origin, batchId, (b) => (b.state === 'awaiting-approval' ? { ...b, state: 'approved', feeTier: tier, replyTo: record.replyTo } : b));
  return sendApproved(services, record.origin, batchId);
}

export const transactionMethods: MethodTable = {
  eth_sendTransaction: method({ parse: parseSendTransaction, handle: sendTransaction }),
};
