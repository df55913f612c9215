/**
 * The Ethereum app over a connected transport, each request settled as a value. The wallet sends the app's documented
 * commands itself (`commands.ts`, `typedDataCommands.ts`) over Ledger's transport: no look-up of Ledger's servers, so
 * none of the user's requests leave the machine. Every address is checked against its public key and every signature
 * against the account before it leaves this module.
 */
import type Transport from '@ledgerhq/hw-transport';
import { Signature, Transaction, TypedDataEncoder, computeAddress, getAddress, hashAuthorization, hashMessage, keccak256, recoverAddress, type TransactionLike, type TypedDataDomain, type TypedDataField } from 'ethers';
import type { Hex } from '../../shared/params';
import { authorizationData, hexBytes, openApp, personalMessageChunks, publicAddress, sendChunks, signatureParts, transactionChunks, typedDataHashesData } from './commands';
import { ledgerError, ledgerErrorOf } from './errors';
import { ledgerPath } from './paths';
import { typedDataApdus } from './typedDataCommands';
import type { LedgerAccount, LedgerAuthorizationSignature, LedgerErrorCode, LedgerPathKind, LedgerResult, LedgerSignature, LedgerSignedTransaction } from './types';

/** The first app version with SIGN EIP 7702 AUTHORIZATION and type-4 transactions (app-ethereum CHANGELOG 1.17.0). */
export const AUTHORIZATION_MIN_VERSION = '1.17.0';

/** The first app version with EIP-712's full mode (doc/ethapp.adoc, SIGN ETH EIP 712). */
export const TYPED_DATA_MIN_VERSION = '1.9.19';

/** How long one command may wait for the device, the user's reading and pressing included. */
export const DEVICE_DEADLINE_MS = 5 * 60_000;

export interface TypedDataMessage {
  domain: TypedDataDomain;
  types: Record<string, TypedDataField[]>;
  primaryType: string;
  message: Record<string, unknown>;
}

const fail = <T>(code: LedgerErrorCode): LedgerResult<T> => ({ ok: false, error: ledgerError(code) });

/** Runs one device request, turning whatever it throws, or its silence past the deadline, into an error value. */
async function settled<T>(request: () => Promise<LedgerResult<T>>, deadlineMs: number): Promise<LedgerResult<T>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<LedgerResult<T>>((resolve) => {
    timer = setTimeout(() => resolve(fail('timeout')), deadlineMs);
  });
  try {
    return await Promise.race([request().catch((e: unknown): LedgerResult<T> => ({ ok: false, error: ledgerErrorOf(e) })), late]);
  } finally {
    clearTimeout(timer);
  }
}

const atLeast = (version: string, than: string): boolean => {
  const [a, b] = [version, than].map((v) => v.split(/[.-]/).slice(0, 3).map(Number));
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] > b[i];
  return true;
};

function checked(account: LedgerAccount, digest: string, signature: Signature): LedgerResult<LedgerSignature> {
  if (recoverAddress(digest, signature) !== getAddress(account.address)) return fail('wrongSignature');
  return { ok: true, value: { signature: signature.serialized as Hex } };
}

export class LedgerEth {
  constructor(
    private readonly transport: Transport,
    private readonly deadlineMs = DEVICE_DEADLINE_MS,
  ) {}

  /** The Ethereum app's version, or what to do when it is not the app open. */
  ethereumApp(): Promise<LedgerResult<{ version: string }>> {
    return settled(async () => {
      const app = await openApp(this.transport);
      if (app.name === 'Ethereum') return { ok: true, value: { version: app.version } };
      return fail(app.name === 'BOLOS' ? 'appNotOpen' : 'otherApp');
    }, this.deadlineMs);
  }

  /** What stops a command that needs the Ethereum app at `min` or later, or null when nothing does. */
  private async withoutApp(min: string): Promise<LedgerErrorCode | null> {
    const app = await openApp(this.transport);
    if (app.name !== 'Ethereum') return app.name === 'BOLOS' ? 'appNotOpen' : 'otherApp';
    return atLeast(app.version, min) ? null : 'appTooOld';
  }

  /** `count` accounts from `from` on one path layout, each address checked against the public key the device gave. */
  accounts(kind: LedgerPathKind, from: number, count: number): Promise<LedgerResult<LedgerAccount[]>> {
    return settled(async () => {
      const accounts: LedgerAccount[] = [];
      for (let i = from; i < from + count; i++) {
        const path = ledgerPath(kind, i);
        const { publicKey, address } = await publicAddress(this.transport, path);
        const derived = computeAddress(publicKey);
        if (derived.toLowerCase() !== address.toLowerCase()) return fail('wrongAddress');
        accounts.push({ address: derived as Hex, path });
      }
      return { ok: true, value: accounts };
    }, this.deadlineMs);
  }

  /**
   * An unsigned EIP-1559, EIP-2930, legacy or type-4 transaction (type 4 from app 1.17.0). The device shows recipient,
   * amount, fees and network, and asks for Blind signing for calldata it cannot read.
   */
  signTransaction(account: LedgerAccount, tx: TransactionLike): Promise<LedgerResult<LedgerSignedTransaction>> {
    return settled(async () => {
      const unsigned = Transaction.from(tx).clone();
      unsigned.signature = null;
      const { r, s } = signatureParts(await sendChunks(this.transport, 0x04, transactionChunks(account.path, unsigned), 0x00, 0x80));
      // The app answers v truncated to a byte for large chain ids: the parity is the one that recovers to the account.
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

  /** personal_sign of the message's bytes; the device shows the message as text. */
  signPersonalMessage(account: LedgerAccount, message: Hex): Promise<LedgerResult<LedgerSignature>> {
    return settled(async () => {
      const bytes = hexBytes(message);
      const { v, r, s } = signatureParts(await sendChunks(this.transport, 0x08, personalMessageChunks(account.path, bytes), 0x00, 0x80));
      return checked(account, hashMessage(bytes), Signature.from({ r, s, v }));
    }, this.deadlineMs);
  }

  /**
   * EIP-712 in full (app ≥ 1.9.19): the app takes every type and value (`typedDataCommands.ts`), hashes them itself and
   * shows every field by its name; with no Ledger-signed filters, only with Blind signing or Verbose EIP-712 on.
   */
  signTypedData(account: LedgerAccount, data: TypedDataMessage): Promise<LedgerResult<LedgerSignature>> {
    return settled(async () => {
      const missing = await this.withoutApp(TYPED_DATA_MIN_VERSION);
      if (missing) return fail(missing);
      const types = { EIP712Domain: domainFields(data.domain), ...withoutDomain(data.types) };
      let out: Buffer = Buffer.alloc(0);
      for (const apdu of typedDataApdus(account.path, { ...data, domain: { ...data.domain }, types })) out = await this.transport.send(0xe0, apdu.ins, apdu.p1, apdu.p2, Buffer.from(apdu.data));
      const { v, r, s } = signatureParts(out);
      return checked(account, TypedDataEncoder.hash(data.domain, withoutDomain(data.types), data.message), Signature.from({ r, s, v }));
    }, this.deadlineMs);
  }

  /** EIP-712 by its two hashes (the app's v0, Blind signing on), for what the full mode cannot carry; the device shows only the hashes. */
  signTypedDataHashes(account: LedgerAccount, domainSeparator: Hex, messageHash: Hex): Promise<LedgerResult<LedgerSignature>> {
    return settled(async () => {
      const out = await this.transport.send(0xe0, 0x0c, 0x00, 0x00, Buffer.from(typedDataHashesData(account.path, domainSeparator, messageHash)));
      const { v, r, s } = signatureParts(out);
      return checked(account, keccak256(`0x1901${domainSeparator.slice(2)}${messageHash.slice(2)}`), Signature.from({ r, s, v }));
    }, this.deadlineMs);
  }

  /**
   * An EIP-7702 authorization (app ≥ 1.17.0, "Smart account upgrade" on in its settings, and a delegate the app lists:
   * otherwise 0x6980); the device shows the account, the delegate's name and the network.
   */
  signAuthorization(account: LedgerAccount, auth: { address: Hex; chainId: bigint; nonce: bigint }): Promise<LedgerResult<LedgerAuthorizationSignature>> {
    return settled(async () => {
      const missing = await this.withoutApp(AUTHORIZATION_MIN_VERSION);
      if (missing) return fail(missing);
      const { v, r, s } = signatureParts(await this.transport.send(0xe0, 0x34, 0x01, 0x00, Buffer.from(authorizationData(account.path, auth))));
      const yParity = v === 1 ? 1 : 0;
      if (recoverAddress(hashAuthorization(auth), Signature.from({ r, s, yParity })) !== getAddress(account.address)) return fail('wrongSignature');
      return { ok: true, value: { yParity, r, s } };
    }, this.deadlineMs);
  }
}

function domainFields(domain: TypedDataDomain): TypedDataField[] {
  const all: [keyof TypedDataDomain, string][] = [['name', 'string'], ['version', 'string'], ['chainId', 'uint256'], ['verifyingContract', 'address'], ['salt', 'bytes32']];
  return all.filter(([name]) => domain[name] !== undefined && domain[name] !== null).map(([name, type]) => ({ name, type }));
}

function withoutDomain(types: Record<string, TypedDataField[]>): Record<string, TypedDataField[]> {
  return Object.fromEntries(Object.entries(types).filter(([name]) => name !== 'EIP712Domain'));
}
