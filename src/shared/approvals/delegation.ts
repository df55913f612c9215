/** What the approval window shows of a revert of an account's EIP-7702 delegation: the popup's, and the firewall's. */
import type { FeeTier } from '../fees';
import type { Hex } from '../params';

/** The popup's "Revert to a plain account": one type-4 transaction to the account itself authorizing address zero. */
export interface RevokeDelegationDetails {
  batchId: string;
  from: Hex;
  chainId: Hex;
  networkName: string;
  symbol: string;
  /** The contract the account delegates to now, by name when known. */
  delegate: Hex;
  delegateName?: string;
  gasLimit: string;
  maxFees: Record<FeeTier, string>;
}

/**
 * The delegation firewall's "Revert to a plain account": a type-4 transaction from `payer` (who pays the gas)
 * carrying `account`'s authorization to address zero, so a drained account can be cleared.
 */
export interface RevertForeignDelegationDetails {
  batchId: string;
  account: Hex;
  /** The contract the account delegates to, which the wallet did not choose. */
  delegate: Hex;
  chainId: Hex;
  networkName: string;
  symbol: string;
  /** Wei: the gas limit times the max fee per gas. */
  maxFee: string;
  /** The wallet's accounts that hold at least `maxFee`, most ETH first (the first is preselected); balances in wei. */
  payers: { address: Hex; balance: string }[];
}
