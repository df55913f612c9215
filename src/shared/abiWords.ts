/**
 * abi.encode of static words (addresses, uints, bytes32), written out: ethers' AbiCoder and TypedDataEncoder spend
 * most of a paymaster request's CPU time (checksums, result objects, type parsing) on a dozen fixed words.
 */
import { keccak256 } from 'ethers';
import type { Hex } from './params';

/** One 32-byte word, as 64 hex digits without 0x: a uint, or a 0x-hex address or bytes32 (left-padded). */
function abiWord(value: bigint | string): string {
  const digits = typeof value === 'bigint' ? value.toString(16) : value.slice(2).toLowerCase();
  if (digits.length > 64 || (typeof value === 'bigint' && value < 0n)) throw new Error(`${value} does not fit in one 32-byte word`);
  return digits.padStart(64, '0');
}

/** keccak256(abi.encode(...words)) for static words. */
export const keccakWords = (words: readonly (bigint | string)[]): Hex => keccak256(`0x${words.map(abiWord).join('')}`) as Hex;
