/** What the approval window shows of a transaction: one the site sends, and the popup's Speed up or Cancel of one pending. */
import type { DecodedCall } from '../decodedCall';
import type { FeeTier } from '../fees';
import type { Hex } from '../params';

/** A recipient that starts and ends like an address the user knows (address poisoning), and that address. */
export interface AddressLookAlike {
  recipient: Hex;
  resembles: Hex;
}

export interface SendTransactionDetails {
  batchId: string;
  from: Hex;
  networkName: string;
  symbol: string;
  call: DecodedCall;
  gasLimit: string;
  /**
   * Max fee in wei per tier the user may pick (the L1 data fee's upper bound included on OP-stack chains); a single
   * `fixed` entry when the dapp set the fees.
   */
  maxFees: Partial<Record<FeeTier | 'fixed', string>>;
  /** Wei: the most of each max fee that is the OP-stack L1 data fee (absent off the OP stack). */
  l1Fee?: string;
  warning?: string;
  /** Recipients that imitate addresses the user knows (computed in the background). */
  lookAlikeRecipients?: AddressLookAlike[];
  /**
   * The popup's Revoke all: every permission the account granted on the network stops, its grant nonce raised this
   * many times in this one transaction (one call to the NonceEnforcer, or the account's own batch of them).
   */
  revokeAll?: { increments: number };
  /** The site chose the nonce of the wallet's own pending transaction: this one takes its place if it lands first. */
  replaces?: { nonce: number; hash: Hex; batchOrigin: string; calls: DecodedCall[]; revokeDelegation?: true };
}

/** Fees per gas in wei, decimal. */
export interface GasFees {
  maxFeePerGas: string;
  maxPriorityFeePerGas: string;
}

/**
 * The popup's Speed up or Cancel of a pending transaction: what it replaces and, per fee tier, the fees it is signed
 * with (each both ≥ +10% over the original's, the node's and the wallet's replacement rule).
 */
export interface ReplaceTransactionDetails {
  mode: 'speedUp' | 'cancel';
  /** The batch the pending transaction belongs to (its site, its id). */
  batchOrigin: string;
  batchId: string;
  hash: Hex;
  nonce: number;
  from: Hex;
  networkName: string;
  symbol: string;
  /**
   * What the original does: its calls, or the delegation revert; and the EIP-7702 authorizations it carries, which a
   * speed-up sends again (the authority, and the contract it delegates to: address zero clears the delegation).
   */
  original: { calls: DecodedCall[]; revokeDelegation?: true; authorizations?: { authority: Hex; delegate: Hex; delegateName?: string }[]; fees: GasFees };
  /** Cancel: the 0-value transfer to the account itself signed instead. Speed up signs the original's calls again. */
  cancel?: DecodedCall;
  gasLimit: string;
  fees: Record<FeeTier, GasFees>;
  /** Wei per tier: the gas limit times the tier's max fee per gas. */
  maxFees: Record<FeeTier, string>;
}
