/** A call as the approval screens, Activity and the checks on it describe it: decoded, and in a descriptor's words. */
import { bytesAfterArguments, type ExtraBytes } from './calldata';
import type { Danger } from './dangers';
import type { ClearSigned } from './erc7730/types';
import type { Hex } from './params';
import type { Words } from './words';

/** What a call does to tokens, worded by the screens (amounts in the token's smallest unit, decimal). */
export type TokenAction =
  | { kind: 'transfer'; standard: 'erc20' | 'erc721' | 'erc1155'; token: Hex; from?: Hex; to: Hex; amount: string; tokenId?: string }
  | { kind: 'approve'; standard: 'erc20' | 'erc721' | 'permit2'; token: Hex; spender: Hex; amount: string; unlimited: boolean; tokenId?: string }
  | { kind: 'approveAll'; token: Hex; operator: Hex; approved: boolean };

/** A call as the approval screens describe it. */
export interface DecodedCall {
  /** Absent for a contract creation. */
  to?: Hex;
  /** Wei, decimal. */
  value: string;
  dataSize: number;
  selector?: Hex;
  /** The function, when the selector is one the wallet knows and the data decodes against it. */
  fn?: { signature: string; args: { name: string; value: string }[] };
  action?: TokenAction;
  /** The calldata for a collapsible raw view, cut at RAW_DATA_SHOWN bytes (dataSize tells the full size). */
  data?: Hex;
  /**
   * Bytes the site put after the arguments of the function `fn` or `review` words (which it ignores), cut at
   * RAW_DATA_SHOWN bytes (`size` tells how many): named as a danger beside the words (callDangers).
   */
  afterArguments?: ExtraBytes;
  /** In a descriptor's words, as a signature granting the same would read (absent when none binds, or in older records). */
  review?: CallReview;
  /** Without a review: dangers the wallet still reads in the call (a sponsored batch's allowance to its paymaster). */
  dangers?: Danger[];
}

/** A call in words by the ERC-7730 descriptor that binds to its contract and function, and its dangers. */
export interface CallReview {
  clear: ClearSigned;
  dangers: Danger[];
  /**
   * The calls it makes in turn (an account's executeBatch, a Multicall3 aggregate3, nested a few levels) that a
   * descriptor describes too, in one list, each labelled by the way down ("Call data 1 › Call data").
   */
  inner?: InnerCall[];
}

/**
 * A call inside a call in words. `labelWords`: the label where the wallet made some of it (its own descriptor's label,
 * a plan's step, the way down to it), each part a registry's or user's file wrote kept as written; absent where a file
 * wrote all of it, and in older records.
 */
export interface InnerCall {
  label: string;
  labelWords?: Words;
  clear: ClearSigned;
}

/**
 * The dangers a call's screen names and asks the second yes for: its review's, which name bytes after the arguments
 * too; without one, those bytes after the function describeCall named, and the call's own.
 */
export const callDangers = (call: DecodedCall): Danger[] =>
  call.review?.dangers ?? [...(call.afterArguments ? [bytesAfterArguments(call.afterArguments)] : []), ...(call.dangers ?? [])];
