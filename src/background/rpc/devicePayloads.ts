/**
 * What a Ledger signs for each approval type it can sign (deviceSigning/ asks for it through `DevicePayloads`): the
 * message's bytes, the typed data with its two hashes, a batch's or a transaction's (./deviceBatchPayloads.ts); and
 * the check of what the device answered, against the account, before the request is approved.
 */
import { getBytes } from 'ethers';
import type { DevicePayload, DeviceSignature } from '../../shared/deviceSigning';
import { invalidParams } from '../../shared/errors';
import type { Hex } from '../../shared/params';
import { withDomainType } from '../../shared/typedData/domain';
import type { ApprovalRecord } from '../approvals/types';
import { sequentialGas } from '../batches/executors/sequential';
import type { DevicePayloads } from '../deviceSigning/types';
import type { Using } from '../services';
import { replacementPayload, revocationPayload, signInPayload } from './ownDevicePayloads';
import { placeDeviceSigned } from './deviceSigned';
import { deviceSignedOperation } from './deviceUserOperation';
import { assertStillCurrent } from './deviceStillCurrent';
import { batchPayload, inTurn, sequentialPayload, transactionPayload, waitingBatch, type BatchPayloadUses } from './deviceBatchPayloads';

type Uses = BatchPayloadUses | 'keyCode';

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
    inTurn: (batch, earlier, work) => inTurn(services, batch, earlier, work),
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
