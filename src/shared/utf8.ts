/**
 * Text as UTF-8 bytes and back, by the browser's own codecs: ethers' (toUtf8Bytes, toUtf8String, id,
 * decodeBytes32String) carry about 2 KB into the worker's first script, which is compiled again on every start.
 */
import { getBytes, keccak256 } from 'ethers';
import type { Hex } from './params';

const encoder = new TextEncoder();
// fatal: bytes that are no UTF-8 throw, as ethers' do; ignoreBOM: a leading U+FEFF is text, kept as ethers keeps it.
const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Whether `text` holds half of a UTF-16 pair alone, which no UTF-8 holds. */
export const hasLoneSurrogate = (text: string): boolean => /\p{Cs}/u.test(text);

/** Throws on a lone surrogate (the encoder would put U+FFFD in its place: other bytes than asked). */
export function utf8Bytes(text: string): Uint8Array {
  if (hasLoneSurrogate(text)) throw new Error('The text has a lone surrogate (half of a UTF-16 pair), which no UTF-8 holds');
  return encoder.encode(text);
}

/** Throws on bytes that are no UTF-8. */
export const utf8Text = (bytes: Uint8Array): string => decoder.decode(bytes);

/** keccak256 of text's UTF-8: a function's or an event's signature hash (ethers' id). */
export const textHash = (text: string): Hex => keccak256(utf8Bytes(text)) as Hex;

/**
 * A bytes32 string (an old ERC-20's symbol): its bytes before the trailing zeros, which must end it. Throws as ethers'
 * decodeBytes32String does: not 32 bytes, no zero at the end, no UTF-8.
 */
export function decodeBytes32Text(word: string): string {
  const data = getBytes(word);
  if (data.length !== 32 || data[31] !== 0) throw new Error('invalid bytes32 string');
  let length = 31;
  while (length > 0 && data[length - 1] === 0) length--;
  return utf8Text(data.slice(0, length));
}
