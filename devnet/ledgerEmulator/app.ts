/**
 * The Ledger Ethereum app as its APDUs show it (LedgerHQ/app-ethereum doc/ethapp.adoc), for the devnet: it answers the
 * commands `src/ui/ledger/commands.ts` and `typedDataCommands.ts` send, in the states a test sets (`state.ts`), and signs
 * with the devnet phrase's keys at the path each command names, so every signature it gives verifies on the devnet.
 * EIP-712 in full is read by the unit tests' `TypedDataSession`: one implementation hashes what the wallet sent.
 */
import { HDNodeWallet, Transaction, getAddress, hashAuthorization, hashMessage, hexlify, keccak256, type Signature } from 'ethers';
import { TypedDataSession } from '../../src/ui/ledger/typedDataSession.fixture';
import { DEVNET_MNEMONIC } from '../constants';
import { DEFAULT_LEDGER_EMULATOR_STATE, type LedgerEmulatorState } from './state';

/** The delegates the app signs an authorization to (its whitelist_7702.c, 1.22.0: Simple7702Account, every chain), and revocation. */
export const EMULATOR_DELEGATES = ['0x4Cd241E8d1510e30b2076397afc7508Ae59C66c9', '0x0000000000000000000000000000000000000000'];

/** What the device signed, in order: a test can check what the wallet asked of it. */
export type SignedKind = 'transaction' | 'personalMessage' | 'typedData' | 'typedDataHashes' | 'authorization';

const SW = { ok: 0x9000, locked: 0x5515, noApp: 0x6511, wrongClass: 0x6e00, unknownIns: 0x6d00, refused: 0x6985, invalidData: 0x6a80, notAllowed: 0x6980, txTypeUnsupported: 0x6501 } as const;

const word = (sw: number): Uint8Array => Uint8Array.of(sw >> 8, sw & 0xff);
const ok = (...parts: (Uint8Array | number[])[]): Uint8Array => Uint8Array.from([...parts.flatMap((part) => [...part]), 0x90, 0x00]);
const ascii = (text: string): number[] => [...Buffer.from(text, 'ascii')];

const atLeast = (version: string, than: string): boolean => {
  const [a, b] = [version, than].map((v) => v.split('.').map(Number));
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] > b[i];
  return true;
};

/** The path a command starts with, and where its data goes on. */
function readPath(data: Uint8Array): { path: string; rest: Uint8Array } {
  const levels = data[0];
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const parts = Array.from({ length: levels }, (_, i) => {
    const n = view.getUint32(1 + i * 4);
    return n >= 0x80000000 ? `${n - 0x80000000}'` : String(n);
  });
  return { path: parts.join('/'), rest: data.subarray(1 + levels * 4) };
}

/** The length of a (typed) transaction's RLP from its first bytes: the app's parser knows from its list header when it has it all. */
function transactionLength(bytes: number[]): number | null {
  const at = bytes[0] <= 0x7f ? 1 : 0;
  const header = bytes[at];
  if (header === undefined) return null;
  if (header < 0xf8) return at + 1 + (header - 0xc0);
  const size = header - 0xf7;
  if (bytes.length < at + 1 + size) return null;
  return at + 1 + size + bytes.slice(at + 1, at + 1 + size).reduce((n, b) => n * 256 + b, 0);
}

export class LedgerEmulatorApp {
  state: LedgerEmulatorState = { ...DEFAULT_LEDGER_EMULATOR_STATE };
  readonly signed: SignedKind[] = [];
  private readonly root = HDNodeWallet.fromPhrase(DEVNET_MNEMONIC, undefined, 'm');
  private readonly keys = new Map<string, HDNodeWallet>();
  /** A chunked command under way: its instruction, path and the bytes so far. */
  private pending: { ins: number; path: string; bytes: number[] } | null = null;
  private typedData = new TypedDataSession();

  /** One command APDU (CLA INS P1 P2 Lc data) to its answer, the status word last. */
  exchange(apdu: Uint8Array): Uint8Array {
    const [cla, ins, p1, p2, length] = apdu;
    const data = apdu.subarray(5, 5 + (length ?? 0));
    if (this.state.locked) return word(SW.locked);
    if (cla === 0xb0 && ins === 0x01) return this.appAndVersion();
    if (this.state.app === 'none') return word(SW.noApp);
    if (this.state.app === 'other' || cla !== 0xe0) return word(SW.wrongClass);
    try {
      return this.command(ins, p1, p2, data);
    } catch {
      this.pending = null;
      return word(SW.invalidData);
    }
  }

  private command(ins: number, p1: number, p2: number, data: Uint8Array): Uint8Array {
    switch (ins) {
      case 0x06: // GET APP CONFIGURATION: flags (bit 0: blind signing), then the version
        return ok([this.state.blindSigning ? 0x01 : 0x00, ...this.state.version.split('.').map(Number)]);
      case 0x02:
        return this.publicAddress(p1, p2, data);
      case 0x04:
        return this.chunked(ins, p1, data, (path, bytes) => this.transaction(path, bytes));
      case 0x08:
        return this.chunked(ins, p1, data, (path, bytes) => this.personalMessage(path, bytes));
      case 0x0c:
        return p2 === 0x01 ? this.typedDataFull(data) : this.typedDataHashes(data);
      case 0x1a:
      case 0x1c:
        if (!atLeast(this.state.version, '1.9.19')) return word(SW.unknownIns);
        this.typedData.take(ins, p1, p2, data);
        return ok();
      case 0x34:
        return this.authorization(data);
      default:
        return word(SW.unknownIns);
    }
  }

  private appAndVersion(): Uint8Array {
    const [name, version] = { Ethereum: ['Ethereum', this.state.version], none: ['BOLOS', '2.4.2'], other: ['Bitcoin', '2.4.1'] }[this.state.app];
    return ok([0x01, name.length, ...ascii(name), version.length, ...ascii(version), 0x01, 0x02]);
  }

  private key(path: string): HDNodeWallet {
    if (!this.keys.has(path)) this.keys.set(path, this.root.derivePath(path));
    return this.keys.get(path)!;
  }

  /** What the user presses: Reject once when the test asked for it. */
  private refused(): boolean {
    const refuse = this.state.refuseNext;
    this.state = { ...this.state, refuseNext: false };
    return refuse;
  }

  private signature(kind: SignedKind, path: string, digest: string, v: (signature: Signature) => number): Uint8Array {
    if (this.refused()) return word(SW.refused);
    const signature = this.key(path).signingKey.sign(digest);
    this.signed.push(kind);
    return ok([v(signature) & 0xff], Buffer.from(signature.r.slice(2), 'hex'), Buffer.from(signature.s.slice(2), 'hex'));
  }

  /** GET ETH PUBLIC ADDRESS: P1 1 shows it for the user to confirm; P2 1 adds the chain code. */
  private publicAddress(p1: number, p2: number, data: Uint8Array): Uint8Array {
    const key = this.key(readPath(data).path);
    if (p1 === 0x01 && this.refused()) return word(SW.refused);
    const publicKey = Buffer.from(key.signingKey.publicKey.slice(2), 'hex');
    const chainCode = p2 === 0x01 ? Buffer.from(key.chainCode.slice(2), 'hex') : [];
    return ok([publicKey.length], publicKey, [40], ascii(key.address.slice(2)), chainCode);
  }

  /** A command in chunks (P1 0x00 first, 0x80 more): `done` answers once the bytes are whole, or null while more must come. */
  private chunked(ins: number, p1: number, data: Uint8Array, done: (path: string, bytes: number[]) => Uint8Array | null): Uint8Array {
    if (p1 === 0x00) {
      const { path, rest } = readPath(data);
      this.pending = { ins, path, bytes: [...rest] };
    } else if (this.pending?.ins === ins) {
      this.pending.bytes.push(...data);
    } else {
      return word(SW.invalidData);
    }
    const answer = done(this.pending.path, this.pending.bytes);
    if (answer) this.pending = null;
    return answer ?? ok();
  }

  private transaction(path: string, bytes: number[]): Uint8Array | null {
    const length = transactionLength(bytes);
    if (length === null || bytes.length < length) return null;
    const serialized = hexlify(Uint8Array.from(bytes.slice(0, length)));
    const tx = Transaction.from(serialized);
    if (tx.type === 4 && !atLeast(this.state.version, '1.17.0')) return word(SW.txTypeUnsupported);
    if (tx.data !== '0x' && !this.state.blindSigning) return word(SW.invalidData);
    const chainId = tx.chainId;
    return this.signature('transaction', path, keccak256(serialized), (s) => (tx.type === 0 ? Number(chainId * 2n + 35n) + s.yParity : s.yParity));
  }

  private personalMessage(path: string, bytes: number[]): Uint8Array | null {
    const length = new DataView(Uint8Array.from(bytes.slice(0, 4)).buffer).getUint32(0);
    if (bytes.length < 4 + length) return null;
    return this.signature('personalMessage', path, hashMessage(Uint8Array.from(bytes.slice(4, 4 + length))), (s) => s.v);
  }

  private typedDataHashes(data: Uint8Array): Uint8Array {
    const { path, rest } = readPath(data);
    if (!this.state.blindSigning) return word(SW.invalidData);
    return this.signature('typedDataHashes', path, keccak256(Uint8Array.from([0x19, 0x01, ...rest.subarray(0, 64)])), (s) => s.v);
  }

  /** SIGN ETH EIP 712 with P2 1: the digest of what 0x1A and 0x1C carried; with no filters sent, the app needs Blind signing. */
  private typedDataFull(data: Uint8Array): Uint8Array {
    const session = this.typedData;
    this.typedData = new TypedDataSession();
    if (!atLeast(this.state.version, '1.9.19')) return word(SW.unknownIns);
    if (!this.state.blindSigning) return word(SW.invalidData);
    return this.signature('typedData', readPath(data).path, session.digest(), (s) => s.v);
  }

  /** SIGN EIP 7702 AUTHORIZATION: the path, the TLV's size, the TLV (delegate, chain id, nonce); only the delegates the app lists. */
  private authorization(data: Uint8Array): Uint8Array {
    if (!atLeast(this.state.version, '1.17.0')) return word(SW.unknownIns);
    const { path, rest } = readPath(data);
    const tlv = rest.subarray(2, 2 + ((rest[0] << 8) | rest[1]));
    const fields = new Map<number, Uint8Array>();
    for (let at = 0; at < tlv.length; at += 2 + tlv[at + 1]) fields.set(tlv[at], tlv.subarray(at + 2, at + 2 + tlv[at + 1]));
    const [delegate, chainId, nonce] = [0x01, 0x02, 0x03].map((tag) => fields.get(tag));
    if (!delegate || !chainId || !nonce) return word(SW.invalidData);
    const address = getAddress(hexlify(delegate));
    if (!this.state.smartAccountUpgrade || !EMULATOR_DELEGATES.includes(address)) return word(SW.notAllowed);
    const auth = { address, chainId: BigInt(hexlify(chainId)), nonce: BigInt(hexlify(nonce)) };
    return this.signature('authorization', path, hashAuthorization(auth), (s) => s.yParity);
  }
}
