/**
 * For the differential tests (eip712.test.ts, legacy.test.ts): each input through the wallet's params parser, then
 * through the wallet's hasher and @metamask/eth-sig-util's, each outcome as a digest or "refused".
 */
import { SignTypedDataVersion, TypedDataUtils, typedSignatureHash } from '@metamask/eth-sig-util';
import { hexlify } from 'ethers';
import { parseSignTypedData, parseSignTypedDataV1 } from '../schemas/typedData';
import { legacyTypedDataDigest, typedDataDigest } from './digest';

export const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

const outcome = (hash: () => Uint8Array | string): string => {
  try {
    return hexlify(hash());
  } catch {
    return 'refused';
  }
};

export type Parity = { parsed: false } | { parsed: true; ours: string; sigUtil: string };

/** eth_signTypedData_v3/_v4 as the wallet takes it (JSON text, as most dapps send it). */
export function eip712Parity(version: 'V3' | 'V4', data: unknown): Parity {
  let typed;
  try {
    const request = parseSignTypedData(version)([ACCOUNT, typeof data === 'string' ? data : JSON.stringify(data)]);
    if (request.version === 'V1') throw new Error('not EIP-712');
    typed = request.typed;
  } catch {
    return { parsed: false };
  }
  const sigUtilVersion = version === 'V3' ? SignTypedDataVersion.V3 : SignTypedDataVersion.V4;
  return {
    parsed: true,
    ours: outcome(() => typedDataDigest(typed, version)),
    sigUtil: outcome(() => TypedDataUtils.eip712Hash(typed as never, sigUtilVersion)),
  };
}

/** eth_signTypedData (v1): [typedData, address]. */
export function legacyParity(fields: unknown): Parity {
  let parsed;
  try {
    const request = parseSignTypedDataV1([JSON.stringify(fields), ACCOUNT]);
    if (request.version !== 'V1') throw new Error('not v1');
    parsed = request.fields;
  } catch {
    return { parsed: false };
  }
  return { parsed: true, ours: outcome(() => legacyTypedDataDigest(parsed)), sigUtil: outcome(() => typedSignatureHash(parsed as never)) };
}

/** A small seeded generator (mulberry32), so a failing case can be replayed from its seed. */
export function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return { chance: (p: number) => next() < p, int, pick: <T>(items: readonly T[]): T => items[int(items.length)] };
}
export type Random = ReturnType<typeof random>;

/** Values that are wrong for most types (or right in eth-sig-util's own odd way). */
export const JUNK: readonly unknown[] = [
  null, true, false, 0, -1, 1.5, 2 ** 53, 1e30, '', '0x', '0X', '0x1', '0xabc', 'abc', '12', ' 7 ', '-5', '0x-1', '1e3', 'true',
  'false', [], [1], ['0x12'], {}, { a: 1 }, `0x${'ab'.repeat(21)}`, `0x${'cd'.repeat(33)}`, '\ud800', 'Ünïcode', 255, 256, -128, -129,
];
