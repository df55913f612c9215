import type { LedgerPathKind } from './types';

/** The BIP-32 path of the account at `index` on each of the two layouts Ledger users have addresses on. */
export function ledgerPath(kind: LedgerPathKind, index: number): string {
  if (!Number.isInteger(index) || index < 0 || index >= 0x80000000) throw new RangeError(`account index must be 0 to 2^31-1, got ${index}`);
  return kind === 'ledgerLive' ? `44'/60'/${index}'/0/0` : `44'/60'/0'/${index}`;
}

/** A path as the app's commands take it: the count of indexes, then each as 4 bytes big-endian (hardened: + 2^31). */
export function pathBytes(path: string): Uint8Array {
  const parts = path.replace(/^m\//, '').split('/');
  if (parts.length > 10) throw new RangeError('a path has at most 10 levels');
  const out = new Uint8Array(1 + parts.length * 4);
  const view = new DataView(out.buffer);
  out[0] = parts.length;
  parts.forEach((part, i) => {
    const hardened = part.endsWith("'");
    const index = Number(hardened ? part.slice(0, -1) : part);
    if (!Number.isInteger(index) || index < 0 || index >= 0x80000000) throw new RangeError(`bad path level ${part} in ${path}`);
    view.setUint32(1 + i * 4, hardened ? index + 0x80000000 : index);
  });
  return out;
}
