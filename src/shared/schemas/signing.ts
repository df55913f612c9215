/** personal_sign and personal_ecRecover params. */
import { getBytes, hexlify, isHexString } from 'ethers';
import { invalidParams } from '../errors';
import { address, data, positional, type Hex } from '../params';
import { hasLoneSurrogate, utf8Bytes, utf8Text } from '../utf8';

export interface PersonalSignRequest {
  message: Hex;
  address: Hex;
}

/** Dapps send the message as hex bytes, or (some) as plain text. */
function messageBytes(message: unknown): Hex {
  if (typeof message !== 'string') throw invalidParams('message must be a hex string (or text)');
  if (isHexString(message) && message.length % 2 === 0) return message as Hex;
  if (hasLoneSurrogate(message)) throw invalidParams('message has a lone surrogate (half of a UTF-16 pair): no UTF-8 holds it, so it has no bytes to sign');
  return hexlify(utf8Bytes(message)) as Hex;
}

export function parsePersonalSign(params: unknown): PersonalSignRequest {
  const [message, account] = positional(params, 'personal_sign', 2, 3);
  return { message: messageBytes(message), address: address(account, 'address') };
}

export interface EcRecoverRequest {
  message: Hex;
  signature: Hex;
}

/** personal_ecRecover: [message, signature], the message as personal_sign takes it, the signature 65 bytes. */
export function parseEcRecover(params: unknown): EcRecoverRequest {
  const [message, signature] = positional(params, 'personal_ecRecover', 2);
  const bytes = data(signature, 'signature');
  if (bytes.length !== 132) throw invalidParams(`signature must be 65 bytes (r, s, v), got ${(bytes.length - 2) / 2}`);
  return { message: messageBytes(message), signature: bytes };
}

/** The message as text when it is valid UTF-8 without control characters, else null. */
export function messageText(message: Hex): string | null {
  try {
    const text = utf8Text(getBytes(message));
    // eslint-disable-next-line no-control-regex -- control characters are exactly what this looks for
    return /[\u0000-\u0008\u000e-\u001f]/.test(text) ? null : text;
  } catch {
    return null;
  }
}
