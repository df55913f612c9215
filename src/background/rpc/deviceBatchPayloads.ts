/**
 * What a Ledger signs for a batch or a transaction of a Ledger account (./devicePayloads.ts asks for it): the
 * transaction at its final nonce and fees, one per call, an upgrade's authorization, or a sponsored batch's userOp;
 * each built in the account's turn (`inTurn`).
 */
import { getAddress } from 'ethers';
import { delegateOf } from '../../shared/contracts';
import { upgradeAddressFor, walletDelegateOf } from '../../shared/delegates';
import type { DevicePayload } from '../../shared/deviceSigning';
import { ErrorCode, RpcError, invalidParams } from '../../shared/errors';
import { isFeeTier, type FeeTier } from '../../shared/fees';
import type { Hex } from '../../shared/params';
import type { ApprovalRecord } from '../approvals/types';
import { signingTerms } from '../batches/executors/transactions';
import { afterPreviousOperations, withoutUpgradeDone } from '../batches/executors/userOperationQueue';
import { withAccountLock } from '../batches/nonceLock';
import type { BatchRecord, BatchState } from '../batches/types';
import type { DeviceBatch } from '../deviceSigning/types';
import type { ChainNode } from '../networks/rpcClient';
import type { Using } from '../services';
import { pollUntil } from '../watch/pollUntil';
import { userOperationPayload } from './deviceUserOperation';

/** How long an earlier request of the account may wait for the device or be sent before the next is refused. */
export const TURN_WAIT_MS = 60_000;
/** Looked at four times a second meanwhile. */
const TURN_LOOK_MS = 250;

/** Built, not yet sent: what comes after it on the chain would take its nonce. */
const UNSENT: ReadonlySet<BatchState> = new Set(['awaiting-approval', 'approved', 'sending']);

/**
 * Whether a batch in `earlier` (rejected or answered ones are removed, sent or failed) on `own`'s chain is still to be
 * sent. One its site sent again under the same id since is not that request's: the device never saw it.
 */
async function earlierUnsent(services: Using<'batches'>, own: BatchRecord | undefined, earlier: DeviceBatch[]): Promise<boolean> {
  if (!own) return false;
  const others = await Promise.all(earlier.map(async (e) => {
    // A record planted in storage holds nothing up.
    const b = await services.batches.own(e.origin, e.batchId);
    return e.createdAt === undefined || b?.createdAt === e.createdAt ? b : undefined;
  }));
  return others.some((b) => b !== undefined && !(b.origin === own.origin && b.id === own.id) && b.chainId === own.chainId && UNSENT.has(b.state));
}

/**
 * Runs `work` (a Ledger account's payload built and kept) in its turn, as a key account's batches are signed and sent
 * (batches/run.ts): under the account's lock, and only once the account's earlier requests the device was asked for
 * have been sent (or rejected). Built beside one, it would take the same nonce: the device would have to sign it again,
 * or a bundler would refuse its userOp. The wait holds no lock, so the earlier one is sent meanwhile; past the bound
 * (the device left unanswered), nothing is built.
 */
export async function inTurn<T>(services: Using<'batches'>, batch: DeviceBatch, earlier: () => Promise<DeviceBatch[]>, work: (createdAt?: number) => Promise<T>): Promise<T> {
  const done = await pollUntil(() => withAccountLock(batch.from, async () => {
    // Its chain decides the turn and its createdAt is kept with what the device signs: an altered record is refused.
    const own = await services.batches.get(batch.origin, batch.batchId);
    return (await earlierUnsent(services, own, await earlier())) ? undefined : { built: await work(own?.createdAt) };
  }), {
    everyMs: TURN_LOOK_MS,
    forMs: TURN_WAIT_MS,
    late: () => new RpcError(ErrorCode.resourceUnavailable, `Another request of ${batch.from} waits for the Ledger or is being sent: answer it first; nothing was built or signed for this one`),
  });
  return done.built;
}

export type BatchPayloadUses = 'batches' | 'bundlerFor' | 'detection' | 'nodeFor' | 'transactionCode';

/** `read`: the batch as read before a wait, which a batch the dapp sent again under the same id since is not. */
export async function waitingBatch(services: Using<BatchPayloadUses>, record: ApprovalRecord<'sendCalls'>, read?: BatchRecord): Promise<BatchRecord> {
  const batch = await services.batches.own(record.origin, record.details.batchId);
  if (!batch || batch.state !== 'awaiting-approval' || (read && batch.createdAt !== read.createdAt)) throw invalidParams(`The batch of request ${record.id} is no longer waiting to be signed`);
  return batch;
}

/**
 * A batch of a Ledger account (batches/prepare.ts plans it atomic, or sequential for one call and where the chain has no
 * EIP-7702): its one transaction at the final nonce and market fees, or one per call; an upgrade's authorization takes
 * the next nonce (the transaction bumps the sender's first) and the Ledger app's delegate, the only one it signs for. A
 * sponsored one: its userOp (deviceUserOperation.ts).
 */
export async function batchPayload(services: Using<BatchPayloadUses>, record: ApprovalRecord<'sendCalls'>): Promise<DevicePayload> {
  let batch = await waitingBatch(services, record);
  const executor = batch.executor ?? (batch.atomic ? 'atomic' : 'sequential');
  if (executor === 'sequential') return sequentialPayload(services, batch, 'market');
  if (executor !== 'atomic' && executor !== 'sponsored') throw invalidParams(`A Ledger account signs atomic and sponsored batches and single calls only, not this ${executor} batch`);
  if (executor === 'sponsored') {
    // As the key path (batches/executors/userOperationSend.ts): drafted before the account's previous userOp ran, it
    // would take that op's nonce, and carry the upgrade that op already ran.
    await afterPreviousOperations(services, batch);
    // Rejected meanwhile (the window closed), even if sent again since: nothing is built, no paymaster asked to sponsor it.
    batch = await withoutUpgradeDone(services, await waitingBatch(services, record, batch), { ledger: true });
  }
  const node = await services.nodeFor(batch.chainId);
  await assertRunsBatches(node, batch);
  if (executor === 'sponsored') return userOperationPayload(services, batch);
  const { nonce, fees } = await signingTerms(node, { ...batch, feeTier: 'market' });
  const unsigned = (await services.transactionCode.unsignedAtomicAt(batch, nonce, fees)) as Hex;
  if (!batch.upgrade) return { kind: 'transaction', unsigned };
  const authorization = { address: upgradeAddressFor({ ledger: true }), chainId: batch.chainId, nonce: `0x${(nonce + 1).toString(16)}` as Hex };
  return { kind: 'upgrade', unsigned, authorization };
}

/**
 * A transaction to an account whose delegate has no code (or that is no longer delegated) succeeds and does nothing:
 * the batch would look done. So the account is still as planned (plain for an upgrade, else one of the wallet's
 * delegates), and that delegate has code on this chain (0x4Cd241E8… only where its deterministic deployment ran).
 */
async function assertRunsBatches(node: ChainNode, batch: BatchRecord): Promise<void> {
  const code = await node<string>('eth_getCode', [batch.from, 'pending']);
  if (batch.upgrade ? code !== '0x' : !walletDelegateOf(code, { ledger: true })) {
    throw invalidParams(`${batch.from}'s code changed since this batch was planned: reject it and send it again`);
  }
  const delegate = getAddress(batch.upgrade ? upgradeAddressFor({ ledger: true }) : delegateOf(code)!);
  if ((await node<string>('eth_getCode', [delegate, 'latest'])) === '0x') {
    throw invalidParams(`There is no code at ${delegate} on chain ${BigInt(batch.chainId)}: a batch run through it would do nothing. Send each call alone`);
  }
}

export async function transactionPayload(services: Using<BatchPayloadUses>, record: ApprovalRecord<'sendTransaction'>, answer: unknown): Promise<DevicePayload> {
  const batch = await services.batches.own(record.origin, record.details.batchId);
  if (!batch || batch.state !== 'awaiting-approval') throw invalidParams(`The transaction of request ${record.id} is no longer waiting to be signed`);
  return sequentialPayload(services, batch, isFeeTier(answer) ? answer : 'market');
}

/** A sequential batch's transactions at consecutive nonces from its final one, at the tier's fees: one, or one per call. */
export async function sequentialPayload(services: Using<BatchPayloadUses>, batch: BatchRecord, feeTier: FeeTier): Promise<DevicePayload> {
  if (batch.atomic || batch.sponsor || (batch.executor ?? 'sequential') !== 'sequential') throw invalidParams('A Ledger account signs this batch only atomically');
  const { nonce, fees } = await signingTerms(await services.nodeFor(batch.chainId), { ...batch, feeTier });
  const unsigned = (await services.transactionCode.unsignedAt(batch, nonce, fees)) as Hex[];
  return unsigned.length === 1 ? { kind: 'transaction', unsigned: unsigned[0] } : { kind: 'transactions', unsigned };
}
