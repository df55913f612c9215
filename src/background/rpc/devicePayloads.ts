/**
 * What a Ledger signs for each approval type it can sign (deviceSigning/ asks for it through `DevicePayloads`): the
 * message's bytes, the typed data with its two hashes, or the transaction at its final nonce and fees; and the check
 * of what the device answered, against the account, before the request is approved.
 */
import { getAddress, getBytes } from 'ethers';
import { isFeeTier, type FeeTier } from '../../shared/fees';
import { delegateOf } from '../../shared/contracts';
import { upgradeAddressFor, walletDelegateOf } from '../../shared/delegates';
import type { DevicePayload, DeviceSignature } from '../../shared/deviceSigning';
import { invalidParams } from '../../shared/errors';
import type { Hex } from '../../shared/params';
import { withDomainType } from '../../shared/typedData/domain';
import type { ApprovalRecord } from '../approvals/types';
import { sequentialGas } from '../batches/executors/sequential';
import { afterPreviousOperations, withoutUpgradeDone } from '../batches/executors/userOperationQueue';
import { signingTerms } from '../batches/executors/transactions';
import type { BatchRecord } from '../batches/types';
import type { ChainNode } from '../networks/rpcClient';
import type { DevicePayloads } from '../deviceSigning/types';
import type { Using } from '../services';
import { replacementPayload, revocationPayload, signInPayload } from './ownDevicePayloads';
import { placeDeviceSigned } from './deviceSigned';
import { deviceSignedOperation, userOperationPayload } from './deviceUserOperation';
import { assertStillCurrent } from './deviceStillCurrent';

type Uses = 'batches' | 'bundlerFor' | 'detection' | 'keyCode' | 'nodeFor' | 'transactionCode';

const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

const refused = (what: string) => invalidParams(`The device's signature is not ${what}: nothing was signed or sent`);

export function devicePayloads(services: Using<Uses>): DevicePayloads {
  return {
    async build(record, answer, account) {
      if (record.type === 'connect') return signInPayload(record, account);
      if (record.type === 'replaceTransaction') return replacementPayload(services, record, answer);
      if (record.type === 'revokeDelegation' || record.type === 'revertForeignDelegation') return revocationPayload(services, record, answer, account);
      if (record.type === 'signMessage') return { kind: 'message', message: record.details.message };
      if (record.type === 'signTypedData') return typedDataPayload(services, record);
      if (record.type === 'sendTransaction') return transactionPayload(services, record, answer);
      if (record.type === 'sendCalls') return batchPayload(services, record);
      throw invalidParams(`A Ledger account cannot sign a ${record.type} request yet`);
    },
    async check(account, payload, signature) {
      if (payload.kind === 'transactions') return checkEach(services, account, payload.unsigned, signature);
      // One signature for any other payload; a list answers only `transactions`.
      if (typeof signature !== 'string') throw refused(`one signature by ${account}`);
      if (payload.kind === 'message') {
        const signer = await services.keyCode.verifyMessage(getBytes(payload.message), signature).catch(() => null);
        if (!signer || !same(signer, account)) throw refused(`${account}'s over this message`);
      } else if (payload.kind === 'typedData') {
        const digest = await services.keyCode.approvedTypedDataDigest({ account, version: 'V4', ...payload.typedData });
        const signer = await services.keyCode.recoverAddress(digest, signature).catch(() => null);
        if (!signer || !same(signer, account)) throw refused(`${account}'s over this typed data`);
      } else if (payload.kind === 'userOperation') {
        deviceSignedOperation(account, payload, signature);
      } else if (payload.kind === 'upgrade') {
        const { authority, signer } = await services.transactionCode.upgradeSigners(payload.unsigned, payload.authorization, signature);
        if (!authority || !same(authority, account)) throw refused(`${account}'s authorization to ${payload.authorization.address} at nonce ${BigInt(payload.authorization.nonce)}`);
        if (!signer || !same(signer, account)) throw refused(`the transaction shown, signed by ${account}`);
      } else {
        const signer = await services.transactionCode.signerOf(payload.unsigned, signature);
        if (!signer || !same(signer, account)) throw refused(`the transaction shown, signed by ${account}`);
      }
    },
    async sequential(record) {
      if (record.type !== 'sendCalls') return null;
      const batch = await waitingBatch(services, record);
      if (!batch.sequentialFallback) return null;
      // Each call its own transaction, with its own gas; the attribution went after the atomic calldata, which is no more.
      const gas = await sequentialGas(await services.nodeFor(batch.chainId), batch.from, batch.calls);
      const replanned = await services.batches.update(batch.origin, batch.id, ({ dataSuffix: _suffix, delegate: _delegate, warning: _warning, sequentialFallback: _fallback, ...b }) =>
        ({ ...b, executor: 'sequential', atomic: false, upgrade: false, ...gas }));
      return sequentialPayload(services, replanned, 'market');
    },
    place: (batch, payload, signed) => placeDeviceSigned(services, batch, payload, signed),
    async placeOwn(record, account, payload, signed) {
      if (record.type === 'revokeDelegation' || record.type === 'revertForeignDelegation') await placeDeviceSigned(services, { origin: record.origin, batchId: record.details.batchId, from: account }, payload, signed);
    },
    stillCurrent: (record, payload, account) => assertStillCurrent(services, record, payload, account),
  };
}

async function typedDataPayload(services: Using<Uses>, record: ApprovalRecord<'signTypedData'>): Promise<DevicePayload> {
  const { details } = record;
  if (details.version === 'V1') throw invalidParams('A Ledger cannot sign eth_signTypedData (v1) messages: ask the site for eth_signTypedData_v4');
  // v3 hashes as v4 for every message v3 accepts (no arrays), so the device's EIP-712 signs the same digest.
  const typedData = { domain: details.domain, types: withDomainType(details.types, details.domain), primaryType: details.primaryType, message: details.message };
  return { kind: 'typedData', typedData, ...(await services.keyCode.approvedTypedDataHashes(typedData)) };
}

/** Every transaction of a sequential batch signed by `account`, each exactly as asked: checked all before any is sent. */
async function checkEach(services: Using<Uses>, account: Hex, unsigned: Hex[], signature: DeviceSignature): Promise<void> {
  const signed = Array.isArray(signature) ? signature : [];
  if (signed.length !== unsigned.length) throw refused(`${unsigned.length} transactions signed by ${account}`);
  for (const [i, tx] of unsigned.entries()) {
    const signer = await services.transactionCode.signerOf(tx, signed[i]);
    if (!signer || !same(signer, account)) throw refused(`transaction ${i + 1} of ${unsigned.length} as shown, signed by ${account}`);
  }
}

/** `read`: the batch as read before a wait, which a batch the dapp sent again under the same id since is not. */
async function waitingBatch(services: Using<Uses>, record: ApprovalRecord<'sendCalls'>, read?: BatchRecord): Promise<BatchRecord> {
  const batch = await services.batches.get(record.origin, record.details.batchId);
  if (!batch || batch.state !== 'awaiting-approval' || (read && batch.createdAt !== read.createdAt)) throw invalidParams(`The batch of request ${record.id} is no longer waiting to be signed`);
  return batch;
}

/**
 * A batch of a Ledger account (batches/prepare.ts plans it atomic, or sequential for one call and where the chain has no
 * EIP-7702): its one transaction at the final nonce and market fees, or one per call; an upgrade's authorization takes
 * the next nonce (the transaction bumps the sender's first) and the Ledger app's delegate, the only one it signs for. A
 * sponsored one: its userOp (deviceUserOperation.ts).
 */
async function batchPayload(services: Using<Uses>, record: ApprovalRecord<'sendCalls'>): Promise<DevicePayload> {
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

async function transactionPayload(services: Using<Uses>, record: ApprovalRecord<'sendTransaction'>, answer: unknown): Promise<DevicePayload> {
  const batch = await services.batches.get(record.origin, record.details.batchId);
  if (!batch || batch.state !== 'awaiting-approval') throw invalidParams(`The transaction of request ${record.id} is no longer waiting to be signed`);
  return sequentialPayload(services, batch, isFeeTier(answer) ? answer : 'market');
}

/** A sequential batch's transactions at consecutive nonces from its final one, at the tier's fees: one, or one per call. */
async function sequentialPayload(services: Using<Uses>, batch: BatchRecord, feeTier: FeeTier): Promise<DevicePayload> {
  if (batch.atomic || batch.sponsor || (batch.executor ?? 'sequential') !== 'sequential') throw invalidParams('A Ledger account signs this batch only atomically');
  const { nonce, fees } = await signingTerms(await services.nodeFor(batch.chainId), { ...batch, feeTier });
  const unsigned = (await services.transactionCode.unsignedAt(batch, nonce, fees)) as Hex[];
  return unsigned.length === 1 ? { kind: 'transaction', unsigned: unsigned[0] } : { kind: 'transactions', unsigned };
}
