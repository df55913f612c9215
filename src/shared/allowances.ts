/** Allowances the account granted through the wallet (approvals in batches, permits it signed), for the popup's Approvals. */
import type { Hex } from './params';

/** erc20: approve / increaseAllowance / an EIP-2612 or DAI permit; permit2: Permit2's approve or permit; operator: setApprovalForAll. */
export type AllowanceKind = 'erc20' | 'permit2' | 'operator';

export interface Grant {
  kind: AllowanceKind;
  token: Hex;
  spender: Hex;
}

/**
 * What signing a message grants (a permit): the amount (smallest unit, decimal) and the latest date the message names
 * (seconds, decimal; absent when it names none), past which no signature of it can be submitted: EIP-2612's `deadline`,
 * DAI's `expiry` (never: the uint256 maximum), Permit2's later of `expiration` and `sigDeadline`.
 */
export interface SignedTerms extends Grant {
  amount: string;
  deadline?: string;
}

/** An allowance still standing: the amount left (smallest unit, decimal; "1" for an operator), with the token as read. */
export interface AllowanceView extends Grant {
  amount: string;
  unlimited: boolean;
  symbol?: string;
  decimals?: number;
}
