/**
 * The 32 bytes an account signs for typed data, computed by @metamask/eth-sig-util, the implementation dapps verify
 * against (recoverTypedSignature): the given primaryType, only the types it reaches, V3 without arrays.
 */
import './nodeBuffer';
import { SignTypedDataVersion, TypedDataUtils, typedSignatureHash } from '@metamask/eth-sig-util/sign-typed-data';
import { hexlify } from 'ethers';
import type { SignTypedDataDetails } from '../approvals';
import type { Hex } from '../params';
import { withDomainType } from './domain';
import type { LegacyTypedField, TypedMessage } from './types';

export function typedDataDigest(data: TypedMessage, version: 'V3' | 'V4'): Hex {
  const sigUtilVersion = version === 'V3' ? SignTypedDataVersion.V3 : SignTypedDataVersion.V4;
  return hexlify(TypedDataUtils.eip712Hash(data as Parameters<typeof TypedDataUtils.eip712Hash>[0], sigUtilVersion)) as Hex;
}

export function legacyTypedDataDigest(fields: LegacyTypedField[]): Hex {
  return typedSignatureHash(fields as Parameters<typeof typedSignatureHash>[0]) as Hex;
}

/**
 * What the account signs for an approved typed-data request. Records stored before v1 and v3 were supported have no
 * version (they are v4) and types without EIP712Domain: it is derived from the domain, as the encoder did then.
 */
export function approvedTypedDataDigest(details: SignTypedDataDetails): Hex {
  if (details.version === 'V1') return legacyTypedDataDigest(details.fields);
  const { domain, types, primaryType, message } = details;
  return typedDataDigest({ domain, types: withDomainType(types, domain), primaryType, message }, details.version ?? 'V4');
}
