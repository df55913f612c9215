/**
 * eth_signTypedData (v1), eth_signTypedData_v3 and eth_signTypedData_v4 params. Every field the screen shows must be
 * one that is signed, and they must encode (typedData/digest.ts's assertEncodes), as the wallet hashes them the way
 * eth-sig-util does.
 */
import { DELEGATION_MANAGERS, ENTRY_POINT_V08 } from '../contracts';
import { invalidParams } from '../errors';
import { address, positional, type Hex } from '../params';
import { withDomainType } from '../typedData/domain';
import type { LegacyTypedField, TypedMessage, TypedTypes } from '../typedData/types';
import { isObject } from '../isObject';

export type TypedDataRequest = { address: Hex } & ({ version: 'V3' | 'V4'; typed: TypedMessage } | { version: 'V1'; fields: LegacyTypedField[] });

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * Dapps send typed data as JSON text or as the value itself. The value is read as its JSON: Chrome's messaging
 * delivers nothing else, and Firefox's (structured clone) could also carry undefined, a Uint8Array or a BigInt, which
 * would hash differently from the same data sent through Chrome.
 */
function decoded(raw: unknown): unknown {
  try {
    return JSON.parse(typeof raw === 'string' ? raw : (JSON.stringify(raw) ?? 'null'));
  } catch {
    throw invalidParams(typeof raw === 'string' ? 'typed data is a string but not valid JSON' : 'typed data must be JSON data');
  }
}

function typesOf(value: unknown): TypedTypes {
  if (!isObject(value)) throw invalidParams('typed data types must be an object of struct definitions');
  for (const [name, fields] of Object.entries(value)) {
    if (!Array.isArray(fields) || !fields.every((f) => isObject(f) && typeof f.name === 'string' && typeof f.type === 'string')) {
      throw invalidParams(`typed data types.${name} must be a list of { name, type } strings`);
    }
  }
  return value as TypedTypes;
}

/**
 * eth-sig-util encodes only the declared fields of a struct: anything else in the value would be shown to the user
 * without being signed, so it is refused.
 */
function assertDeclared(types: TypedTypes, type: string, value: unknown, path: string): void {
  const array = /^(.*)\[\d*\]$/.exec(type);
  if (array) {
    if (Array.isArray(value)) value.forEach((item, i) => assertDeclared(types, array[1], item, `${path}[${i}]`));
    return;
  }
  if (!Object.hasOwn(types, type) || !isObject(value)) return;
  const fields = types[type];
  for (const key of Object.keys(value)) {
    if (!fields.some((field) => field.name === key)) {
      throw invalidParams(`typed data ${path}.${key} is not declared in types.${type}: it would be shown but not signed`);
    }
  }
  for (const field of fields) assertDeclared(types, field.type, value[field.name], `${path}.${field.name}`);
}

/** The EIP-712 domain's fields must be what EIP-712 says they are, as MetaMask checks them (chainId: assertTypedDataChain). */
function assertDomainFields(domain: Record<string, unknown>): void {
  const { name, version, verifyingContract, salt } = domain;
  for (const [field, value] of [['name', name], ['version', version]] as const) {
    if (value !== undefined && typeof value !== 'string') throw invalidParams(`typed data domain.${field} must be a string, got ${JSON.stringify(value)}`);
  }
  if (verifyingContract !== undefined && (typeof verifyingContract !== 'string' || !ADDRESS.test(verifyingContract))) {
    throw invalidParams(`typed data domain.verifyingContract must be an address (0x and 40 hex digits), got ${JSON.stringify(verifyingContract)}`);
  }
  if (salt !== undefined && (typeof salt !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(salt))) {
    throw invalidParams(`typed data domain.salt must be 32 bytes of hex (0x and 64 hex digits), got ${JSON.stringify(salt)}`);
  }
}

function parseTypedMessage(raw: unknown): TypedMessage {
  const typed = decoded(raw);
  if (!isObject(typed)) throw invalidParams('typed data must be an object with types, primaryType, domain and message');
  const { primaryType, domain, message } = typed;
  const declared = typesOf(typed.types);
  if (typeof primaryType !== 'string' || !Object.hasOwn(declared, primaryType)) {
    throw invalidParams(`typed data primaryType must name one of the types, got ${JSON.stringify(primaryType)}`);
  }
  if (!isObject(domain)) throw invalidParams('typed data domain must be an object');
  if (!isObject(message)) throw invalidParams('typed data message must be an object');
  assertDomainFields(domain);
  const types = withDomainType(declared, domain);
  assertDeclared(types, 'EIP712Domain', domain, 'domain');
  // With primaryType EIP712Domain only the domain is hashed (EIP-712, eth-sig-util): a message would be shown, never signed.
  if (primaryType === 'EIP712Domain') return { types, primaryType, domain, message: {} };
  assertDeclared(types, primaryType, message, 'message');
  return { types, primaryType, domain, message };
}

/**
 * Typed data whose signature the account's own code takes as the account's word is refused: a delegation for a
 * DelegationManager (its delegate could run any call as the account, through the DeleGator), a userOp for the
 * EntryPoint v0.8 (Simple7702Account's) or for the account itself (the DeleGator's domain). The wallet signs those
 * only from its own screens: a grant (wallet_requestExecutionPermissions) and a batch.
 */
function assertNotOwnAuthorization(typed: TypedMessage, account: Hex): void {
  const verifying = typeof typed.domain.verifyingContract === 'string' ? typed.domain.verifyingContract.toLowerCase() : undefined;
  if (verifying === undefined) return;
  const own = [...DELEGATION_MANAGERS, ENTRY_POINT_V08, account].map((a) => a.toLowerCase());
  if (own.includes(verifying)) {
    throw invalidParams(`typed data for ${typed.domain.verifyingContract} authorizes your account's own calls (a delegation or a userOp): the wallet signs those only from its own screens (wallet_requestExecutionPermissions, wallet_sendCalls)`);
  }
}

/** eth_signTypedData_v3 / _v4: [address, typedData]. */
export const parseSignTypedData = (version: 'V3' | 'V4') => (params: unknown): TypedDataRequest => {
  const [account, raw] = positional(params, `eth_signTypedData_${version.toLowerCase()}`, 2);
  const request = { address: address(account, 'address'), version, typed: parseTypedMessage(raw) };
  assertNotOwnAuthorization(request.typed, request.address);
  return request;
};

/** eth_signTypedData, MetaMask's legacy v1: [typedData, address], the data a list of { type, name, value }. */
export function parseSignTypedDataV1(params: unknown): TypedDataRequest {
  const [raw, account] = positional(params, 'eth_signTypedData', 2);
  // The v3/v4 order (address first) sent here would otherwise read as "not valid JSON".
  const fields = typeof raw === 'string' && ADDRESS.test(raw) ? undefined : decoded(raw);
  if (!Array.isArray(fields) || fields.length === 0 || !fields.every((f) => isObject(f) && typeof f.type === 'string' && typeof f.name === 'string')) {
    throw invalidParams('eth_signTypedData (v1) expects [typedData, address], typedData a non-empty list of { type, name, value }');
  }
  return { address: address(account, 'address'), version: 'V1', fields: fields.map(({ type, name, value }) => ({ type, name, value }) as LegacyTypedField) };
}

/** domain.chainId, when given (a number, a decimal or a hex string), must be the selected network's. */
export function assertTypedDataChain(domain: Record<string, unknown>, selected: Hex): void {
  if (domain.chainId === undefined || domain.chainId === null) return;
  let chainId: bigint;
  try {
    chainId = BigInt(domain.chainId as string | number);
  } catch {
    throw invalidParams(`typed data domain.chainId ${JSON.stringify(domain.chainId)} is not a number`);
  }
  if (chainId !== BigInt(selected)) {
    throw invalidParams(`typed data domain.chainId ${chainId} does not match the selected network ${BigInt(selected)} (${selected})`);
  }
}
