/**
 * Recorded exchanges with the Ethereum app, built from its documentation (LedgerHQ/app-ethereum doc/ethapp.adoc) and
 * answered with the keys of the devnet's test phrase at the same paths, so each signature can be checked to recover.
 */
import Transport from '@ledgerhq/hw-transport';
import { RecordStore, openTransportReplayer } from '@ledgerhq/hw-transport-mocker';
import { HDNodeWallet, Signature, getBytes, hexlify } from 'ethers';
import { TypedDataSession } from './typedDataSession.fixture';

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
