/**
 * What the Ethereum app does with EIP-712 in full, shared by the unit tests' `TypedDataApp` (ledger.fixture.ts) and the
 * devnet's emulator (devnet/ledgerEmulator/): plain code over ethers, with no transport, so Node loads it as it is.
 */
import { TypedDataEncoder, type TypedDataField, hexlify } from 'ethers';

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
