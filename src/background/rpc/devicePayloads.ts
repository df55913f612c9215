/**
 * What a Ledger signs for each approval type it can sign (deviceSigning/ asks for it through `DevicePayloads`): the
 * message's bytes, the typed data with its two hashes, or the transaction at its final nonce and fees; and the check
 * of what the device answered, against the account, before the request is approved.
 */
import { getBytes } from 'ethers';
import { isFeeTier } from '../../shared/fees';
import type { DevicePayload } from '../../shared/deviceSigning';
import { invalidParams } from '../../shared/errors';
import type { Hex } from '../../shared/params';
import { withDomainType } from '../../shared/typedData/domain';
import type { ApprovalRecord } from '../approvals/types';
import { signingTerms } from '../batches/executors/transactions';
import type { DevicePayloads } from '../deviceSigning/types';
import type { Using } from '../services';

type Uses = 'batches' | 'keyCode' | 'nodeFor' | 'transactionCode';

const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

const refused = (what: string) => invalidParams(`The device's signature is not ${what}: nothing was signed or sent`);

export function devicePayloads(services: Using<Uses>): DevicePayloads {
  return {
    async build(record, answer) {
      if (record.type === 'signMessage') return { kind: 'message', message: record.details.message };
      if (record.type === 'signTypedData') return typedDataPayload(services, record);
      if (record.type === 'sendTransaction') return transactionPayload(services, record, answer);
      throw invalidParams(`A Ledger account cannot sign a ${record.type} request yet`);
    },
    async check(account, payload, signature) {
      if (payload.kind === 'message') {
        const signer = await services.keyCode.verifyMessage(getBytes(payload.message), signature).catch(() => null);
        if (!signer || !same(signer, account)) throw refused(`${account}'s over this message`);
      } else if (payload.kind === 'typedData') {
        const digest = await services.keyCode.approvedTypedDataDigest({ account, version: 'V4', ...payload.typedData });
        const signer = await services.keyCode.recoverAddress(digest, signature).catch(() => null);
        if (!signer || !same(signer, account)) throw refused(`${account}'s over this typed data`);
      } else {
        const signer = await services.transactionCode.signerOf(payload.unsigned, signature);
        if (!signer || !same(signer, account)) throw refused(`the transaction shown, signed by ${account}`);
      }
    },
    async stillCurrent(record, payload) {
      if (payload.kind !== 'transaction' || record.type !== 'sendTransaction') return;
      const batch = await services.batches.get(record.origin, record.details.batchId);
      // A nonce the site gave (a replacement it asked for) is checked at approval instead (transactions.ts).
      if (!batch || batch.nonce !== undefined) return;
      const { nonce } = await services.transactionCode.decodeTransaction(payload.unsigned);
      const next = Number(await (await services.nodeFor(batch.chainId))<Hex>('eth_getTransactionCount', [batch.from, 'pending']));
      // Sent now, it would replace (or fail against) the account's other transaction with that nonce.
      if (next > nonce) throw invalidParams(`${batch.from} sent another transaction with nonce ${nonce} since this one was built (its next is ${next}): nothing was sent, so it cannot replace that one; reject this request and send it again`);
    },
  };
}

async function typedDataPayload(services: Using<Uses>, record: ApprovalRecord<'signTypedData'>): Promise<DevicePayload> {
  const { details } = record;
  if (details.version === 'V1') throw invalidParams('A Ledger cannot sign eth_signTypedData (v1) messages: ask the site for eth_signTypedData_v4');
  // v3 hashes as v4 for every message v3 accepts (no arrays), so the device's EIP-712 signs the same digest.
  const typedData = { domain: details.domain, types: withDomainType(details.types, details.domain), primaryType: details.primaryType, message: details.message };
  return { kind: 'typedData', typedData, ...(await services.keyCode.approvedTypedDataHashes(typedData)) };
}

async function transactionPayload(services: Using<Uses>, record: ApprovalRecord<'sendTransaction'>, answer: unknown): Promise<DevicePayload> {
  const batch = await services.batches.get(record.origin, record.details.batchId);
  if (!batch || batch.state !== 'awaiting-approval') throw invalidParams(`The transaction of request ${record.id} is no longer waiting to be signed`);
  if (batch.calls.length !== 1 || batch.atomic || batch.sponsor || (batch.executor ?? 'sequential') !== 'sequential') {
    throw invalidParams('A Ledger account signs plain transactions only, for now');
  }
  const feeTier = isFeeTier(answer) ? answer : 'market';
  const { nonce, fees } = await signingTerms(await services.nodeFor(batch.chainId), { ...batch, feeTier });
  return { kind: 'transaction', unsigned: await services.transactionCode.unsignedAt(batch, nonce, fees) as Hex };
}
