/** The EIP712Domain struct: as the dapp declares it in `types`, or derived from the domain's fields as ethers and viem do. */
import type { TypedField, TypedTypes } from './types';

/** EIP-712's domain fields, in the order the standard (and every library deriving them) lists them. */
const DOMAIN_FIELDS: readonly TypedField[] = [
  { name: 'name', type: 'string' },
  { name: 'version', type: 'string' },
  { name: 'chainId', type: 'uint256' },
  { name: 'verifyingContract', type: 'address' },
  { name: 'salt', type: 'bytes32' },
];

export function withDomainType(types: TypedTypes, domain: Record<string, unknown>): TypedTypes {
  if (Object.hasOwn(types, 'EIP712Domain')) return types;
  return { EIP712Domain: DOMAIN_FIELDS.filter((field) => Object.hasOwn(domain, field.name)), ...types };
}
