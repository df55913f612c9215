/**
 * The 32 bytes an account signs for typed data: the digest @metamask/eth-sig-util computes (the implementation dapps
 * verify against with recoverTypedSignature), by the wallet's own code (eip712.ts, legacy.ts): the given primaryType,
 * only the types it reaches, V3 without arrays.
 */
import { hexlify } from 'ethers';
import type { SignTypedDataDetails } from '../approvals/signing';
import { invalidParams } from '../errors';
import type { Hex } from '../params';
import type { TypedDataRequest } from '../schemas/typedData';
import { withDomainType } from './domain';
import { eip712Hash, hashStruct } from './eip712';
import { typedSignatureHash } from './legacy';
import type { LegacyTypedField, TypedMessage } from './types';

export const typedDataDigest = (data: TypedMessage, version: 'V3' | 'V4'): Hex => hexlify(eip712Hash(data, version)) as Hex;

/** The message's own hash (hashStruct of its primary type, no domain): what the Delegation Framework keys a delegation by. */
export const typedDataStructHash = (data: TypedMessage): Hex => hexlify(hashStruct(data.primaryType, data.message, data.types, 'V4')) as Hex;

export const legacyTypedDataDigest = (fields: LegacyTypedField[]): Hex => hexlify(typedSignatureHash(fields)) as Hex;

/**
 * What the account signs for an approved typed-data request. Records stored before v1 and v3 were supported have no
 * version (they are v4) and types without EIP712Domain: it is derived from the domain, as the encoder did then.
 */
export function approvedTypedDataDigest(details: SignTypedDataDetails): Hex {
  if (details.version === 'V1') return legacyTypedDataDigest(details.fields);
  const { domain, types, primaryType, message } = details;
  return typedDataDigest({ domain, types: withDomainType(types, domain), primaryType, message }, details.version ?? 'V4');
}

/**
 * The two hashes whose 0x1901 digest an approved v3/v4 request signs: the domain separator and the message's
 * hashStruct (what a Ledger app that cannot take the message in full signs by).
 */
export function approvedTypedDataHashes(data: TypedMessage, version: 'V3' | 'V4' = 'V4'): { domainHash: Hex; messageHash: Hex } {
  const types = withDomainType(data.types, data.domain);
  return {
    domainHash: hexlify(hashStruct('EIP712Domain', data.domain, { EIP712Domain: types.EIP712Domain }, version)) as Hex,
    messageHash: hexlify(hashStruct(data.primaryType, data.message, types, version)) as Hex,
  };
}

/** Parsed typed data must also encode, as it will be hashed when the user approves. */
export function assertEncodes(request: TypedDataRequest): void {
  try {
    if (request.version === 'V1') legacyTypedDataDigest(request.fields);
    else typedDataDigest(request.typed, request.version);
  } catch (error) {
    throw invalidParams(`typed data does not encode: ${(error as Error).message}`);
  }
}
