/**
 * The Ethereum app's commands as bytes, from its documentation (LedgerHQ/app-ethereum doc/ethapp.adoc and
 * doc/tlv_structs.md), each one an exchange of at most 255 bytes of data: CLA 0xE0, then the instruction.
 */
import type Transport from '@ledgerhq/hw-transport';
import { Transaction, encodeRlp, toBeArray } from 'ethers';
import type { Hex } from '../../shared/params';
import { pathBytes } from './paths';

const MAX_DATA = 255;

export const hexBytes = (hex: string): Uint8Array => Uint8Array.from(Buffer.from(hex.slice(2), 'hex'));
export const hexOf = (bytes: Uint8Array): Hex => `0x${Buffer.from(bytes).toString('hex')}`;

/** Sends `chunks` as one command: P1 `first` on the first, `more` on the others; the last answer is the command's. */
export async function sendChunks(transport: Transport, ins: number, chunks: Uint8Array[], first: number, more: number): Promise<Buffer> {
  let out: Buffer = Buffer.alloc(0);
  for (const [i, chunk] of chunks.entries()) out = await transport.send(0xe0, ins, i === 0 ? first : more, 0x00, Buffer.from(chunk));
  return out;
}

const split = (payload: Uint8Array, size = MAX_DATA): Uint8Array[] => {
  const chunks: Uint8Array[] = [];
  for (let at = 0; at < payload.length; at += size) chunks.push(payload.subarray(at, at + size));
  return chunks;
};

/** The app open on the device (GET APP AND VERSION, CLA 0xB0, answered by the dashboard, "BOLOS", and by every app). */
export async function openApp(transport: Transport): Promise<{ name: string; version: string }> {
  const out = await transport.send(0xb0, 0x01, 0x00, 0x00);
  const nameLength = out[1];
  const versionLength = out[2 + nameLength];
  return {
    name: out.subarray(2, 2 + nameLength).toString('ascii'),
    version: out.subarray(3 + nameLength, 3 + nameLength + versionLength).toString('ascii'),
  };
}

/** GET ETH PUBLIC ADDRESS (0x02), not shown on the device, with the chain code: the public key and the address the app computed. */
export async function publicAddress(transport: Transport, path: string): Promise<{ publicKey: Hex; address: string }> {
  const out = await transport.send(0xe0, 0x02, 0x00, 0x01, Buffer.from(pathBytes(path)));
  const keyLength = out[0];
  const addressLength = out[1 + keyLength];
  return {
    publicKey: hexOf(out.subarray(1, 1 + keyLength)),
    address: `0x${out.subarray(2 + keyLength, 2 + keyLength + addressLength).toString('ascii')}`,
  };
}

/**
 * SIGN ETH TRANSACTION (0x04)'s chunks: the path ‖ the unsigned RLP. A legacy transaction ends with its EIP-155
 * [chainId, 0, 0], and the app takes a chunk that ends right before them for the whole transaction, so no last chunk
 * may be that short (the rule hw-app-eth's `safeChunkTransaction` follows).
 */
export function transactionChunks(path: string, unsigned: Transaction): Uint8Array[] {
  const payload = Buffer.concat([pathBytes(path), hexBytes(unsigned.unsignedSerialized)]);
  let size = MAX_DATA;
  if (unsigned.type === 0) {
    const tail = hexBytes(encodeRlp([toBeArray(unsigned.chainId), '0x', '0x'])).length - 1;
    while (payload.length % size !== 0 && payload.length % size <= tail) size--;
  }
  return split(payload, size);
}

/** SIGN ETH PERSONAL MESSAGE (0x08)'s chunks: the path, the message's length (4 bytes), the message. */
export function personalMessageChunks(path: string, message: Uint8Array): Uint8Array[] {
  const length = new Uint8Array(4);
  new DataView(length.buffer).setUint32(0, message.length);
  return split(Buffer.concat([pathBytes(path), length, message]));
}

/** SIGN ETH EIP 712 (0x0C) in its v0: the path, the domain separator and the message's struct hash. */
export const typedDataHashesData = (path: string, domainSeparator: Hex, messageHash: Hex): Uint8Array =>
  Buffer.concat([pathBytes(path), hexBytes(domainSeparator), hexBytes(messageHash)]);

/** SIGN EIP 7702 AUTHORIZATION (0x34)'s data: the path, the struct's size, and its TLV (doc/tlv_structs.md AUTH_7702). */
export function authorizationData(path: string, auth: { address: Hex; chainId: bigint; nonce: bigint }): Uint8Array {
  const struct = new Uint8Array(45);
  const view = new DataView(struct.buffer);
  struct.set([0x00, 1, 1, 0x01, 20], 0); // STRUCT_VERSION 1; DELEGATE_ADDR, 20 bytes
  struct.set(hexBytes(auth.address), 5);
  struct.set([0x02, 8], 25); // CHAIN_ID, uint64
  view.setBigUint64(27, auth.chainId);
  struct.set([0x03, 8], 35); // NONCE, uint64
  view.setBigUint64(37, auth.nonce);
  const derivation = pathBytes(path);
  const data = new Uint8Array(derivation.length + 2 + struct.length);
  data.set(derivation, 0);
  new DataView(data.buffer).setUint16(derivation.length, struct.length);
  data.set(struct, derivation.length + 2);
  return data;
}

/** v ‖ r ‖ s, as every signing command answers. */
export const signatureParts = (out: Uint8Array): { v: number; r: Hex; s: Hex } => ({ v: out[0], r: hexOf(out.subarray(1, 33)), s: hexOf(out.subarray(33, 65)) });
