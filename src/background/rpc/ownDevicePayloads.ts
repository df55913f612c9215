/**
 * What a Ledger signs for the wallet's own requests and sign-in (devicePayloads.ts asks here): wallet_connect's
 * EIP-4361 message, the Speed up or Cancel replacement at the tier's fees. Each is built by the same code the key
 * path signs with, from the approval's own details, so the device signs what the approval would.
 */
import { getAddress, hexlify, toUtf8Bytes } from 'ethers';
import type { DevicePayload } from '../../shared/deviceSigning';
import { invalidParams } from '../../shared/errors';
import { isFeeTier } from '../../shared/fees';
import type { Hex } from '../../shared/params';
import { siweMessage } from '../../shared/siwe';
import type { ApprovalRecord } from '../approvals/types';
import { replacementRequest } from '../batches/replace';
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
  const { request } = await replacementRequest(services, details.batchOrigin, details.batchId, details.hash, details.mode, fees, BigInt(details.gasLimit));
  return { kind: 'transaction', unsigned: await services.transactionCode.unsignedOf(request) };
}
