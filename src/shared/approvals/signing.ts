/** What the approval window shows of a message or typed data to sign. */
import type { SignedTerms } from '../allowances';
import type { Danger } from '../dangers';
import type { ClearSigned } from '../erc7730/types';
import type { Hex } from '../params';
import type { LegacyTypedField, TypedMessage } from '../typedData/types';

export interface SignMessageDetails {
  account: Hex;
  /** The message exactly as signed (hex bytes). */
  message: Hex;
  /** The message as text when it is UTF-8, else absent (the screen shows the hex). */
  text?: string;
  /** A hash, a transaction or other bytes that are not text (absent in records stored before clear signing). */
  dangers?: Danger[];
}

/**
 * Typed data exactly as it is signed. EIP-712 (v3, v4): `version` is absent in records stored before v1 and v3
 * were supported (they are v4, their types without EIP712Domain, which signing derives from the domain).
 */
export type SignTypedDataDetails = { account: Hex } & (
  | ({ version?: 'V3' | 'V4'; clearSigning?: TypedDataReview } & TypedMessage)
  | { version: 'V1'; fields: LegacyTypedField[] }
);

/** An EIP-712 message in words (when an ERC-7730 descriptor binds), and its dangers; the raw message stays beside it. */
export interface TypedDataReview {
  clear?: ClearSigned;
  dangers: Danger[];
  /** The allowances signing it grants (a permit), remembered once signed: for the popup's Approvals, and what a paymaster may still take (allowances/recorded.ts). */
  grants?: SignedTerms[];
}
