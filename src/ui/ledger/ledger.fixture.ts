/**
 * Recorded exchanges with the Ethereum app, built from its documentation (LedgerHQ/app-ethereum doc/ethapp.adoc) and
 * answered with the keys of the devnet's test phrase at the same paths, so each signature can be checked to recover.
 */
import Transport from '@ledgerhq/hw-transport';
import { RecordStore, openTransportReplayer } from '@ledgerhq/hw-transport-mocker';
import { HDNodeWallet, Signature, TypedDataEncoder, type TypedDataField, getBytes, hexlify } from 'ethers';

export const PHRASE = 'test test test test test test test test test test test junk';

export const deviceKey = (path: string): HDNodeWallet => HDNodeWallet.fromPhrase(PHRASE, undefined, `m/${path}`);

const hex = (bytes: Uint8Array | number[]): string => Buffer.from(bytes).toString('hex');

/** A command APDU: CLA INS P1 P2 Lc data. */
export const command = (ins: number, p1: number, p2: number, data: string, cla = 0xe0): string =>
  hex([cla, ins, p1, p2, data.length / 2]) + data;

/** The path as the app's commands start: the count of levels, each 4 bytes big-endian, hardened + 2^31 (written out, not computed by the code under test). */
export const PATH_LIVE_0 = '058000002c8000003c800000000000000000000000';
export const PATH_LIVE_1 = '058000002c8000003c800000010000000000000000';

export const answer = (data: string, statusWord = 0x9000): string => data + statusWord.toString(16).padStart(4, '0');

/** GET APP AND VERSION's answer: format 1, name, version, flags. */
export function appAndVersion(name: string, version: string): string {
  const ascii = (s: string) => hex([...Buffer.from(s, 'ascii')]);
  return answer(`01${hex([name.length])}${ascii(name)}${hex([version.length])}${ascii(version)}0102`);
}

/** GET ETH PUBLIC ADDRESS's answer with the chain code: the public key, the address in ASCII hex, the chain code. */
export function addressAnswer(wallet: HDNodeWallet, shownAddress = wallet.address): string {
  const publicKey = getBytes(wallet.signingKey.publicKey);
  const ascii = hex([...Buffer.from(shownAddress.slice(2), 'ascii')]);
  return answer(`${hex([publicKey.length])}${hex(publicKey)}28${ascii}${wallet.chainCode.slice(2)}`);
}

/** v ‖ r ‖ s as the signing commands answer; `v` is what the app puts in the first byte. */
export const signatureAnswer = (signature: Signature, v: number): string => answer(hex([v & 0xff]) + signature.r.slice(2) + signature.s.slice(2));

export const replay = (exchanges: [string, string][]) => openTransportReplayer(new RecordStore(exchanges));

export const utf8Hex = (text: string): string => hexlify(Buffer.from(text, 'utf8'));

/** A transport whose every exchange throws what a real one throws (unplugged, busy, …). */
export class ThrowingTransport extends Transport {
  constructor(private readonly thrown: Error) {
    super();
  }

  exchange(): Promise<Buffer> {
    return Promise.reject(this.thrown);
  }
}

/** A transport that never answers: the device waits for the user, who never comes. */
export class SilentTransport extends Transport {
  exchange(): Promise<Buffer> {
    return new Promise(() => {});
  }
}

/**
 * The app's EIP-712 full mode at the APDU level, as its documentation describes it: it rebuilds the types from the struct
 * definitions (0x1A) and the domain and message from the implementations (0x1C: roots, array sizes, values in pieces),
 * and hashes them as EIP-712 does when asked to sign (0x0C, P2 1); a wrong encoding gives another digest. The one
 * implementation `TypedDataApp` and the devnet's emulator (devnet/ledgerEmulator/) both sign through.
 */
export class TypedDataSession {
  private readonly types: Record<string, TypedDataField[]> = {};
  private current = '';
  private readonly events: ({ root: string } | { array: number } | { value: Uint8Array })[] = [];
  private piece: number[] = [];

  /** Takes one 0x1A or 0x1C command. */
  take(ins: number, p1: number, p2: number, data: Uint8Array): void {
    if (ins === 0x1a && p2 === 0x00) this.types[(this.current = Buffer.from(data).toString('utf8'))] = [];
    if (ins === 0x1a && p2 === 0xff) this.types[this.current].push(fieldDefinition(data));
    if (ins === 0x1c && p2 === 0x00) this.events.push({ root: Buffer.from(data).toString('utf8') });
    if (ins === 0x1c && p2 === 0x0f) this.events.push({ array: data[0] });
    if (ins === 0x1c && p2 === 0xff) {
      this.piece.push(...data);
      if (p1 === 0x00) {
        this.events.push({ value: Uint8Array.from(this.piece.slice(2, 2 + ((this.piece[0] << 8) | this.piece[1]))) });
        this.piece = [];
      }
    }
  }

  /** The digest of what the commands carried: the domain's root, then the message's. */
  digest(): string {
    const events = [...this.events];
    const take = () => events.shift();
    const read = (type: string): unknown => {
      const array = /^(.*)\[(\d*)\]$/.exec(type);
      if (array) {
        const length = (take() as { array: number }).array;
        return Array.from({ length }, () => read(array[1]));
      }
      if (this.types[type]) return Object.fromEntries(this.types[type].map((field) => [field.name, read(field.type)]));
      return decoded(type, (take() as { value: Uint8Array }).value);
    };
    take();
    const domain = read('EIP712Domain') as Record<string, unknown>;
    const primaryType = (take() as { root: string }).root;
    const message = read(primaryType) as Record<string, unknown>;
    const { EIP712Domain: _, ...types } = this.types;
    return TypedDataEncoder.hash(domain, types, message);
  }
}

/** `TypedDataSession` as a transport whose key signs the digest (0x0C, P2 1), whatever path it is asked for. */
export class TypedDataApp extends Transport {
  readonly instructions: number[] = [];
  private readonly session = new TypedDataSession();

  constructor(private readonly key: HDNodeWallet, private readonly version = '1.22.0') {
    super();
  }

  exchange(apdu: Buffer): Promise<Buffer> {
    const [cla, ins, p1, p2] = apdu;
    this.instructions.push(ins);
    if (cla === 0xb0) return Promise.resolve(Buffer.from(appAndVersion('Ethereum', this.version), 'hex'));
    if (ins === 0x0c && p2 === 0x01) {
      const signature = this.key.signingKey.sign(this.session.digest());
      return Promise.resolve(Buffer.from(signatureAnswer(signature, signature.v), 'hex'));
    }
    this.session.take(ins, p1, p2, apdu.subarray(5, 5 + apdu[4]));
    return Promise.resolve(Buffer.from(answer(''), 'hex'));
  }
}

const TYPE_NAMES = ['', 'int', 'uint', 'address', 'bool', 'string', 'bytes', 'bytes'];

/** A struct field's definition back to its name and type (doc/ethapp.adoc, EIP712 SEND STRUCT DEFINITION). */
function fieldDefinition(data: Uint8Array): TypedDataField {
  let at = 0;
  const desc = data[at++];
  const key = desc & 0x0f;
  let type = TYPE_NAMES[key];
  if (key === 0) {
    const length = data[at++];
    type = Buffer.from(data.subarray(at, (at += length))).toString('utf8');
  }
  if (desc & 0x40) {
    const size = data[at++];
    type += key === 6 ? size : size * 8;
  }
  if (desc & 0x80) {
    const levels = data[at++];
    for (let i = 0; i < levels; i++) type += data[at++] === 1 ? `[${data[at++]}]` : '[]';
  }
  const length = data[at++];
  return { name: Buffer.from(data.subarray(at, at + length)).toString('utf8'), type };
}

/** A value's raw bytes back to what EIP-712 hashes. */
function decoded(type: string, bytes: Uint8Array): unknown {
  const n = bytes.length ? BigInt(hexlify(bytes)) : 0n;
  if (/^int\d+$/.test(type)) {
    const bits = BigInt(type.slice(3));
    return n >= 1n << (bits - 1n) ? n - (1n << bits) : n;
  }
  if (/^uint\d+$/.test(type)) return n;
  if (type === 'bool') return n !== 0n;
  if (type === 'string') return Buffer.from(bytes).toString('utf8');
  return hexlify(bytes);
}
