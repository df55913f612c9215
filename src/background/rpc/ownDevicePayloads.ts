/**
 * What a Ledger signs for the wallet's own requests and sign-in (devicePayloads.ts asks here): wallet_connect's
 * EIP-4361 message, the Speed up or Cancel replacement at the tier's fees, the revocation of the account's own
 * delegation (the popup's Revert to a plain account, and the firewall's revert paid by the account itself). Each is built by the same code the key
 * path signs with, from the approval's own details, so the device signs what the approval would.
 */
import { ZeroAddress, getAddress, hexlify, toUtf8Bytes } from 'ethers';
import type { DevicePayload } from '../../shared/deviceSigning';
import { invalidParams } from '../../shared/errors';
import { isFeeTier } from '../../shared/fees';
import type { Hex } from '../../shared/params';
import { siweMessage } from '../../shared/siwe';
import type { ApprovalRecord } from '../approvals/types';
import { signingTerms } from '../batches/executors/transactions';
import { replacementRequest } from '../batches/replace';
import { unsignedOf } from '../batches/unsignedTransactions';
import type { Using } from '../services';

type Uses = 'batches' | 'nodeFor' | 'transactionCode';

/** The sign-in message `account` signs (connect.ts signs the same for a key account). */
export function signInPayload(record: ApprovalRecord<'connect'>, account: Hex): DevicePayload {
  const { signIn } = record.details;
  if (!signIn) throw invalidParams(`Request ${record.id} asks no sign-in: nothing to sign`);
  return { kind: 'message', message: hexlify(toUtf8Bytes(siweMessage(signIn.fields, getAddress(account) as Hex))) as Hex };
}

/** Speed up or Cancel: the replacement at the approved tier's fees and the gas its review priced (walletRequests.ts). */
export async function replacementPayload(services: Using<Uses>, record: ApprovalRecord<'replaceTransaction'>, answer: unknown): Promise<DevicePayload> {
  const { details } = record;
  const fee = details.fees[isFeeTier(answer) ? answer : 'market'];
  const fees = { maxFeePerGas: BigInt(fee.maxFeePerGas), maxPriorityFeePerGas: BigInt(fee.maxPriorityFeePerGas) };
  const [request] = await replacementRequest(services, details.batchOrigin, details.batchId, details.hash, details.mode, fees, BigInt(details.gasLimit));
  return { kind: 'transaction', unsigned: unsignedOf(request) };
}

const same = (a: unknown, b: string): boolean => typeof a === 'string' && a.toLowerCase() === b.toLowerCase();

/**
 * A revocation the account signs and sends itself (executors/revokeDelegation.ts): the authorization to address zero
 * at its nonce + 1 (the transaction bumps it first), in a type-4 transaction to itself, value 0, no data, whose list
 * the device's authorization fills. The Ledger app signs a revocation with Smart account upgrade on.
 */
export async function revocationPayload(services: Using<Uses>, record: ApprovalRecord<'revokeDelegation' | 'revertForeignDelegation'>, answer: unknown, account: Hex): Promise<DevicePayload> {
  const batch = await services.batches.own(record.origin, record.details.batchId);
  if (!batch || batch.state !== 'awaiting-approval') throw invalidParams(`The revert of request ${record.id} is no longer waiting to be signed`);
  // One device signature per request: the authority's authorization and a payer's transaction would take two keys.
  if (record.type === 'revertForeignDelegation' && !(same(answer, account) && same(record.details.account, account))) {
    throw invalidParams(`A Ledger account's revert is signed and paid by ${record.details.account} itself: choose it as the account that pays`);
  }
  const feeTier = record.type === 'revokeDelegation' && isFeeTier(answer) ? answer : 'market';
  const { nonce, fees } = await signingTerms(await services.nodeFor(batch.chainId), { ...batch, from: account, feeTier });
  const unsigned = unsignedOf({
    type: 4, chainId: BigInt(batch.chainId), nonce, to: account, value: 0n, data: '0x', gasLimit: BigInt(batch.gasLimits[0]), ...fees, authorizationList: [],
  });
  return { kind: 'upgrade', unsigned, authorization: { address: ZeroAddress as Hex, chainId: batch.chainId, nonce: `0x${(nonce + 1).toString(16)}` } };
}
