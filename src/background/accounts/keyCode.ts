/**
 * The keys' code the handlers and pages use (the curve, BIP-39's word list and PBKDF2, typed data's hashing, ethers'
 * signer recovery): in the worker's later script (laterModules.ts), called through lazyKeyCode.ts.
 */
import { Mnemonic, randomBytes } from 'ethers';
import { invalidParams } from '../../shared/errors';
import type { Hex } from '../../shared/params';
import { addressOf } from './keys';

export { recoverAddress, verifyMessage } from 'ethers';
export { approvedTypedDataDigest, approvedTypedDataHashes, typedDataDigest, typedDataStructHash } from '../../shared/typedData/digest';

/** A private key the user typed, as the vault keeps it (0x, lower case), and its address; -32602 when it is not one. */
export function importedKey(text: string): { privateKey: Hex; address: Hex } {
  const key = text.trim().startsWith('0x') ? text.trim() : `0x${text.trim()}`;
  if (!/^0x[0-9a-fA-F]{64}$/.test(key)) throw invalidParams('A private key is 64 hex digits (with or without 0x)');
  try {
    return { privateKey: key.toLowerCase() as Hex, address: addressOf(key) };
  } catch {
    throw invalidParams('This is not a valid secp256k1 private key');
  }
}

export const isValidPhrase = (phrase: string): boolean => Mnemonic.isValidMnemonic(phrase);

/** A new 12-word BIP-39 phrase. */
export const newPhrase = (): string => Mnemonic.fromEntropy(randomBytes(16)).phrase;
