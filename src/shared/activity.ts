/** A batch (or a grant) as the popup's Activity lists it, with the transactions it sent and their statuses. */
import type { DecodedCall } from './decodedCall';
import type { ErrorKey } from './errorWords';
import type { FeeWords } from './fees';
import type { GrantMention } from './grants';
import type { Hex } from './params';
import type { Words } from './words';

/** A transaction as Activity shows it; `replaced`: a Speed up or Cancel at its nonce took its place. */
export type TransactionStatus = 'pending' | 'pre-confirmed' | 'confirmed' | 'failed' | 'replaced' | 'dropped';

export interface ActivityTransaction {
  hash: Hex;
  nonce: number;
  status: TransactionStatus;
  /** A Speed up or Cancel of an earlier transaction of the batch. */
  replaces?: Hex;
  cancel?: boolean;
  /** Wei, hex: what it cost the account once mined (gasUsed × effectiveGasPrice); absent when the node gave no valid price. */
  feePaid?: Hex;
}

/** A batch in the popup's Activity list. */
export interface ActivityItem {
  key: string;
  id: string;
  /** `grant`: an execution permission the user granted (a signature, no transaction), when it was granted. */
  kind?: 'transaction' | 'revokeDelegation' | 'revokeDelegationOf' | 'upgradeAccount' | 'grant';
  /** kind `grant`: the permission granted. */
  grant?: GrantMention;
  /** The grants this batch's call revoked (disableDelegation of one; the account's nonce raised: every grant signed before). */
  revokes?: GrantMention[];
  /** revokeDelegationOf: the account whose delegation was cleared (`from` paid). */
  authority?: Hex;
  origin: string;
  chainId: Hex;
  from: Hex;
  atomic: boolean;
  /** Sent as one ERC-4337 userOp paid by a paymaster: no transaction of the wallet's to speed up or cancel. */
  sponsored?: true;
  /** One userOp whose network fee the chain's USDC paymaster takes (issue 45): it cannot be sped up. */
  paidInUsdc?: true;
  /** The fee it paid, from the paymaster's UserOperationSponsored in the receipt found on chain: token units and the line, in English and in words. */
  usdcFee?: { paid: string; line: string; words: FeeWords };
  status: number;
  /** A receipt of it is from a block not sealed yet (flashblocks): 200 reads "Pre-confirmed". */
  preconfirmed?: boolean;
  calls: DecodedCall[];
  transactions: ActivityTransaction[];
  explorerUrl?: string;
  error?: string;
  /** `error` in words, for the screen's language (background/pages/refusalWords.ts); absent: said as written. */
  errorWords?: Words<ErrorKey>;
  createdAt: number;
  /** The wallet did not write this record as it stands (planted or changed in storage.local): nothing in it is the wallet's word. */
  altered?: true;
}
