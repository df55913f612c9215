/**
 * EIP-4361 (Sign-In with Ethereum) messages, built from their fields exactly as the ABNF lays them out. The approval
 * screen and the signer build the text with this one function from the same stored fields, so what is shown is what
 * is signed.
 */
import { getAddress } from 'ethers';
import type { Hex } from './params';

/** Every field but the address, as the message carries them (chainId in decimal, times as RFC 3339 text). */
export interface SiweFields {
  scheme?: string;
  domain: string;
  statement?: string;
  uri: string;
  version: '1';
  chainId: string;
  nonce: string;
  issuedAt: string;
  expirationTime?: string;
  notBefore?: string;
  requestId?: string;
  resources?: string[];
}

/** The message `account` signs; the address in its EIP-55 checksum, as EIP-4361 asks. */
export function siweMessage(fields: SiweFields, account: Hex): string {
  const origin = fields.scheme ? `${fields.scheme}://${fields.domain}` : fields.domain;
  const lines = [
    `${origin} wants you to sign in with your Ethereum account:`,
    getAddress(account),
    '',
    ...(fields.statement ? [fields.statement, ''] : ['']),
    `URI: ${fields.uri}`,
    `Version: ${fields.version}`,
    `Chain ID: ${fields.chainId}`,
    `Nonce: ${fields.nonce}`,
    `Issued At: ${fields.issuedAt}`,
  ];
  if (fields.expirationTime) lines.push(`Expiration Time: ${fields.expirationTime}`);
  if (fields.notBefore) lines.push(`Not Before: ${fields.notBefore}`);
  if (fields.requestId !== undefined) lines.push(`Request ID: ${fields.requestId}`);
  if (fields.resources) lines.push('Resources:', ...fields.resources.map((resource) => `- ${resource}`));
  return lines.join('\n');
}
