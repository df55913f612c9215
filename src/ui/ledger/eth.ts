/**
 * The Ethereum app's commands over a connected transport, each settled as a value: `@ledgerhq/hw-app-eth` for addresses,
 * messages and EIP-712 (its struct-by-struct full mode), and here the app's SIGN ETH TRANSACTION (hw-app-eth 7.9.0
 * cannot parse type 4), SIGN EIP 7702 AUTHORIZATION (INS 0x34, which it lacks) and the OS's GET APP AND VERSION. Nothing reaches Ledger's servers: hw-app-eth is built with every service URL off, so the app shows
 * what it can read itself. Every address is checked against its public
 * key and every signature against the account before it leaves this module.
 */
import Eth from '@ledgerhq/hw-app-eth';
import type Transport from '@ledgerhq/hw-transport';
import { Signature, Transaction, TypedDataEncoder, computeAddress, encodeRlp, getAddress, hashAuthorization, hashMessage, keccak256, recoverAddress, toBeArray, type TransactionLike, type TypedDataDomain, type TypedDataField } from 'ethers';
import type { Hex } from '../../shared/params';
import { ledgerError, ledgerErrorOf } from './errors';
import { ledgerPath, pathBytes } from './paths';
import type { LedgerAccount, LedgerAuthorizationSignature, LedgerPathKind, LedgerResult, LedgerSignature, LedgerSignedTransaction } from './types';

/** hw-app-eth's services (token, NFT, plugin and EIP-712 filter look-ups) all off: none of the user's requests leave the machine. */
const NO_SERVICES = { nftExplorerBaseURL: null, pluginBaseURL: null, extraPlugins: null, cryptoassetsBaseURL: null, calServiceURL: null };

/** The first app version with SIGN EIP 7702 AUTHORIZATION (app-ethereum CHANGELOG 1.17.0). */
export const AUTHORIZATION_MIN_VERSION = '1.17.0';

/** How long one command may wait for the device, the user's reading and pressing included. */
export const DEVICE_DEADLINE_MS = 5 * 60_000;

export interface TypedDataMessage {
  domain: TypedDataDomain;
  types: Record<string, TypedDataField[]>;
  primaryType: string;
  message: Record<string, unknown>;
}

const fail = <T>(code: Parameters<typeof ledgerError>[0]): LedgerResult<T> => ({ ok: false, error: ledgerError(code) });

/** Runs one device command, turning whatever it throws, or its silence past the deadline, into an error value. */
async function settled<T>(command: () => Promise<LedgerResult<T>>, deadlineMs: number): Promise<LedgerResult<T>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<LedgerResult<T>>((resolve) => {
    timer = setTimeout(() => resolve(fail('timeout')), deadlineMs);
  });
  try {
    return await Promise.race([command().catch((e: unknown): LedgerResult<T> => ({ ok: false, error: ledgerErrorOf(e) })), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The app open on the device (GET APP AND VERSION, CLA 0xB0, answered by the dashboard and by every app). */
async function openApp(transport: Transport): Promise<{ name: string; version: string }> {
  const out = await transport.send(0xb0, 0x01, 0x00, 0x00);
  if (out[0] !== 0x01) throw Object.assign(new Error('unknown GET APP AND VERSION format'), { name: 'LedgerAppFormat' });
  const nameLength = out[1];
  const name = out.subarray(2, 2 + nameLength).toString('ascii');
  const versionLength = out[2 + nameLength];
  const version = out.subarray(3 + nameLength, 3 + nameLength + versionLength).toString('ascii');
  return { name, version };
}

const newer = (version: string, than: string): boolean => {
  const [a, b] = [version, than].map((v) => v.split(/[.-]/).slice(0, 3).map(Number));
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] > b[i];
  return true;
};

export class LedgerEth {
  private readonly eth: Eth;

  constructor(
    private readonly transport: Transport,
    private readonly deadlineMs = DEVICE_DEADLINE_MS,
  ) {
    this.eth = new Eth(transport, 'w0w', NO_SERVICES);
  }

  /** The Ethereum app's version, or what to do when it is not the app open. */
  ethereumApp(): Promise<LedgerResult<{ version: string }>> {
    return settled(async () => {
      const app = await openApp(this.transport);
      if (app.name === 'Ethereum') return { ok: true, value: { version: app.version } };
      return fail(app.name === 'BOLOS' ? 'appNotOpen' : 'otherApp');
    }, this.deadlineMs);
  }

  /** `count` accounts from `from` on one path layout, each address checked against the public key the device gave. */
  accounts(kind: LedgerPathKind, from: number, count: number): Promise<LedgerResult<LedgerAccount[]>> {
    return settled(async () => {
      const accounts: LedgerAccount[] = [];
      for (let i = from; i < from + count; i++) {
        const path = ledgerPath(kind, i);
        const { publicKey, address } = await this.eth.getAddress(path, false, true);
        const derived = computeAddress(`0x${publicKey}`);
        if (derived.toLowerCase() !== address.toLowerCase()) return fail('wrongAddress');
        accounts.push({ address: derived as Hex, path });
      }
      return { ok: true, value: accounts };
    }, this.deadlineMs);
  }

  /**
   * An unsigned EIP-1559, EIP-2930, legacy or type-4 transaction (SIGN ETH TRANSACTION, sent here: hw-app-eth 7.9.0
   * parses the transaction with ethers v5 first, which throws on type 4); the device shows recipient, amount, fees and
   * network, and asks for Blind signing for calldata it cannot read.
   */
  signTransaction(account: LedgerAccount, tx: TransactionLike): Promise<LedgerResult<LedgerSignedTransaction>> {
    return settled(async () => {
      const unsigned = Transaction.from(tx).clone();
      unsigned.signature = null;
      let out: Buffer = Buffer.alloc(0);
      for (const [i, chunk] of transactionChunks(account.path, unsigned).entries()) out = await this.transport.send(0xe0, 0x04, i === 0 ? 0x00 : 0x80, 0x00, Buffer.from(chunk));
      const [r, s] = [hexOf(out.subarray(1, 33)), hexOf(out.subarray(33, 65))];
      // The app returns v truncated to a byte for large chain ids: the parity is the one that recovers to the account.
      for (const yParity of [0, 1] as const) {
        const signature = Signature.from({ r, s, yParity });
        if (recoverAddress(unsigned.unsignedHash, signature) !== getAddress(account.address)) continue;
        const signed = unsigned.clone();
        signed.signature = signature;
        return { ok: true, value: { signature: signature.serialized as Hex, signed: signed.serialized as Hex } };
      }
      return fail('wrongSignature');
    }, this.deadlineMs);
  }

  /** personal_sign of the message's bytes; the device shows the message (or its hash when it cannot be shown as text). */
  signPersonalMessage(account: LedgerAccount, message: Hex): Promise<LedgerResult<LedgerSignature>> {
    return settled(async () => {
      const { v, r, s } = await this.eth.signPersonalMessage(account.path, message.slice(2));
      return checked(account, hashMessage(hexBytes(message)), Signature.from({ r: `0x${r}`, s: `0x${s}`, v }));
    }, this.deadlineMs);
  }

  /** EIP-712 in full: the device hashes and shows every field (app ≥ 1.9.19; with no filters, the raw field names). */
  signTypedData(account: LedgerAccount, data: TypedDataMessage): Promise<LedgerResult<LedgerSignature>> {
    return settled(async () => {
      const json = { ...data, types: { EIP712Domain: domainFields(data.domain), ...withoutDomain(data.types) } };
      const { v, r, s } = await this.eth.signEIP712Message(account.path, json as Parameters<Eth['signEIP712Message']>[1]);
      const digest = TypedDataEncoder.hash(data.domain, withoutDomain(data.types), data.message);
      return checked(account, digest, Signature.from({ r: `0x${r}`, s: `0x${s}`, v }));
    }, this.deadlineMs);
  }

  /** EIP-712 by its two hashes (the app's v0), for what the full mode cannot carry; the device shows only the hashes. */
  signTypedDataHashes(account: LedgerAccount, domainSeparator: Hex, messageHash: Hex): Promise<LedgerResult<LedgerSignature>> {
    return settled(async () => {
      const { v, r, s } = await this.eth.signEIP712HashedMessage(account.path, domainSeparator.slice(2), messageHash.slice(2));
      const digest = keccak256(`0x1901${domainSeparator.slice(2)}${messageHash.slice(2)}`);
      return checked(account, digest, Signature.from({ r: `0x${r}`, s: `0x${s}`, v }));
    }, this.deadlineMs);
  }

  /**
   * An EIP-7702 authorization (app ≥ 1.17.0, "Smart account upgrade" on in its settings, and a delegate the app lists:
   * otherwise 0x6980); the device shows the account, the delegate's name and the network.
   */
  signAuthorization(account: LedgerAccount, auth: { address: Hex; chainId: bigint; nonce: bigint }): Promise<LedgerResult<LedgerAuthorizationSignature>> {
    return settled(async () => {
      const app = await openApp(this.transport);
      if (app.name !== 'Ethereum') return fail(app.name === 'BOLOS' ? 'appNotOpen' : 'otherApp');
      if (!newer(app.version, AUTHORIZATION_MIN_VERSION)) return fail('appTooOld');
      const out = await this.transport.send(0xe0, 0x34, 0x01, 0x00, Buffer.from(authorizationData(account.path, auth)));
      const yParity = out[0] === 1 ? 1 : 0;
      const signature = Signature.from({ r: hexOf(out.subarray(1, 33)), s: hexOf(out.subarray(33, 65)), yParity });
      if (recoverAddress(hashAuthorization(auth), signature) !== getAddress(account.address)) return fail('wrongSignature');
      return { ok: true, value: { yParity, r: signature.r as Hex, s: signature.s as Hex } };
    }, this.deadlineMs);
  }
}

/** SIGN EIP 7702 AUTHORIZATION's data: the path, the struct's size, and its TLV (doc/tlv_structs.md AUTH_7702). */
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

/**
 * The path ‖ the unsigned RLP in chunks of at most 255 bytes. A legacy transaction ends with its EIP-155 [chainId, 0, 0],
 * and the app takes a chunk that ends right before them for the whole transaction, so no last chunk may be that short
 * (the rule hw-app-eth's `safeChunkTransaction` follows).
 */
export function transactionChunks(path: string, unsigned: Transaction): Uint8Array[] {
  const payload = Buffer.concat([pathBytes(path), hexBytes(unsigned.unsignedSerialized)]);
  let size = 255;
  if (unsigned.type === 0) {
    const tail = hexBytes(encodeRlp([toBeArray(unsigned.chainId), '0x', '0x'])).length - 1;
    while (payload.length % size !== 0 && payload.length % size <= tail) size--;
  }
  const chunks: Uint8Array[] = [];
  for (let at = 0; at < payload.length; at += size) chunks.push(payload.subarray(at, at + size));
  return chunks;
}

function checked(account: LedgerAccount, digest: string, signature: Signature): LedgerResult<LedgerSignature> {
  if (recoverAddress(digest, signature) !== getAddress(account.address)) return fail('wrongSignature');
  return { ok: true, value: { signature: signature.serialized as Hex } };
}

function domainFields(domain: TypedDataDomain): TypedDataField[] {
  const all: [keyof TypedDataDomain, string][] = [['name', 'string'], ['version', 'string'], ['chainId', 'uint256'], ['verifyingContract', 'address'], ['salt', 'bytes32']];
  return all.filter(([name]) => domain[name] !== undefined && domain[name] !== null).map(([name, type]) => ({ name, type }));
}

function withoutDomain(types: Record<string, TypedDataField[]>): Record<string, TypedDataField[]> {
  return Object.fromEntries(Object.entries(types).filter(([name]) => name !== 'EIP712Domain'));
}

const hexBytes = (hex: string): Uint8Array => Uint8Array.from(Buffer.from(hex.slice(2), 'hex'));
const hexOf = (bytes: Uint8Array): Hex => `0x${Buffer.from(bytes).toString('hex')}`;
