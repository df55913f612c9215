/** personal_sign and eth_signTypedData_v4 params, and the EIP-4361 domain check. */
import { TypedDataEncoder, getBytes, hexlify, isHexString, toUtf8Bytes, toUtf8String, type TypedDataField } from 'ethers';
import { invalidParams } from '../errors';
import { address, positional, type Hex } from '../params';

export interface PersonalSignRequest {
  message: Hex;
  address: Hex;
}

/** Dapps send the message as hex bytes, or (some) as plain text. */
export function parsePersonalSign(params: unknown): PersonalSignRequest {
  const [message, account] = positional(params, 'personal_sign', 2, 3);
  if (typeof message !== 'string') throw invalidParams('message must be a hex string (or text)');
  const bytes = isHexString(message) && message.length % 2 === 0 ? message : hexlify(toUtf8Bytes(message));
  return { message: bytes as Hex, address: address(account, 'address') };
}

/** The message as text when it is valid UTF-8 without control characters, else null. */
export function messageText(message: Hex): string | null {
  try {
    const text = toUtf8String(getBytes(message));
    // eslint-disable-next-line no-control-regex -- control characters are exactly what this looks for
    return /[\u0000-\u0008\u000e-\u001f]/.test(text) ? null : text;
  } catch {
    return null;
  }
}

const SIWE_HEADER = /^(?:([a-z][a-z0-9+.-]*):\/\/)?(\S+) wants you to sign in with your Ethereum account:/;

/** EIP-4361: a sign-in message for another site than the one asking is a phishing sign. */
export function siweDomainWarning(text: string, origin: string): string | undefined {
  const match = SIWE_HEADER.exec(text);
  if (!match) return undefined;
  const site = new URL(origin);
  const [, scheme, domain] = match;
  if (domain === site.host && (!scheme || `${scheme}:` === site.protocol)) return undefined;
  return `This sign-in request is for ${scheme ? `${scheme}://` : ''}${domain}, but it comes from ${origin}. Signing it could let ${origin} sign in as you on ${domain}.`;
}

export interface TypedDataRequest {
  address: Hex;
  domain: Record<string, unknown>;
  types: Record<string, TypedDataField[]>;
  primaryType: string;
  message: Record<string, unknown>;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function parseSignTypedData(params: unknown): TypedDataRequest {
  const [account, raw] = positional(params, 'eth_signTypedData_v4', 2);
  let typed: unknown = raw;
  if (typeof raw === 'string') {
    try {
      typed = JSON.parse(raw);
    } catch {
      throw invalidParams('typed data is a string but not valid JSON');
    }
  }
  if (!isObject(typed)) throw invalidParams('typed data must be an object with types, primaryType, domain and message');
  const { types, primaryType, domain, message } = typed;
  if (!isObject(types)) throw invalidParams('typed data types must be an object of struct definitions');
  if (typeof primaryType !== 'string' || !(primaryType in types)) throw invalidParams(`typed data primaryType must name one of the types, got ${JSON.stringify(primaryType)}`);
  if (!isObject(domain)) throw invalidParams('typed data domain must be an object');
  if (!isObject(message)) throw invalidParams('typed data message must be an object');
  // EIP712Domain is derived from the domain by the encoder; the other types describe the message.
  const { EIP712Domain: _domainType, ...messageTypes } = types as Record<string, TypedDataField[]>;
  try {
    TypedDataEncoder.hash(domain, messageTypes, message);
  } catch (error) {
    throw invalidParams(`typed data does not encode: ${(error as Error).message}`);
  }
  if (TypedDataEncoder.getPrimaryType(messageTypes) !== primaryType) {
    throw invalidParams(`typed data primaryType ${primaryType} is not the root type of types (${TypedDataEncoder.getPrimaryType(messageTypes)})`);
  }
  return { address: address(account, 'address'), domain, types: messageTypes, primaryType, message };
}

/** domain.chainId, when given, must be the selected network's. */
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
