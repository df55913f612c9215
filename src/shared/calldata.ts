/**
 * Calldata as a contract's ABI decoder reads it. Solidity's decoder reads the arguments where their encoding puts
 * them and ignores whatever follows, so data that starts with a function's canonical encoding runs that function with
 * those arguments, whatever bytes a site put after them. Anything else (offsets pointing elsewhere, dirty padding, a
 * colliding selector) is not read as the function: its encoding is not the one the wallet would show.
 */
import type { Interface, TransactionDescription } from 'ethers';
import { counted } from './dangerPhrases';
import type { Danger } from './dangers';
import type { Hex } from './params';

export interface DecodedCalldata {
  parsed: TransactionDescription;
  /** The bytes after the arguments ('0x' when there are none). */
  extra: Hex;
}

/** The function and arguments `data` runs for `abi`, only when it starts with their canonical encoding. */
export function decodeCalldata(abi: Interface, data: Hex): DecodedCalldata | undefined {
  try {
    const parsed = abi.parseTransaction({ data });
    if (!parsed) return undefined;
    // Re-encoding catches data that merely starts like the function (another layout, a colliding selector).
    const canonical = abi.encodeFunctionData(parsed.fragment, parsed.args).toLowerCase();
    const lower = data.toLowerCase();
    if (!lower.startsWith(canonical) || (lower.length - canonical.length) % 2 !== 0) return undefined;
    return { parsed, extra: `0x${lower.slice(canonical.length)}` };
  } catch {
    return undefined;
  }
}

/** Bytes after a call's arguments: how many, and the first of them (all, or as many as a screen carries). */
export interface ExtraBytes {
  size: number;
  data: Hex;
}

export const extraBytes = (extra: Hex, carried: number): ExtraBytes => ({ size: (extra.length - 2) / 2, data: extra.slice(0, 2 + carried * 2) as Hex });

/** How many of the extra bytes the danger quotes; the screen shows them apart. */
const QUOTED = 32;

/** The danger of bytes a site put after a call's arguments, which the words of the call do not include. */
export function bytesAfterArguments({ size, data }: ExtraBytes): Danger {
  const quoted = size > QUOTED ? `${data.slice(0, 2 + QUOTED * 2)}…` : data;
  const count = counted(size, 'byte');
  return {
    kind: 'bytesAfterArguments', tone: 'danger', confirm: true, words: { key: 'dangers_bytesAfterArguments', values: { size: count.words, bytes: quoted } },
    message: `This call's data has ${count.text} after its arguments (${quoted}). The function ignores them, so the words above are what it does; but the wallet cannot say what they are for, a site has no need to add them, and a contract can still read them (an ERC-2771 contract takes the sender from the last 20 bytes when its forwarder calls).`,
  };
}
