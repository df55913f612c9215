/** Allowances the account granted through the wallet (approvals in batches, permits it signed), for the popup's Approvals. */
import type { Hex } from './params';

/** erc20: approve / increaseAllowance / an EIP-2612 or DAI permit; permit2: Permit2's approve or permit; operator: setApprovalForAll. */
export type AllowanceKind = 'erc20' | 'permit2' | 'operator';

export interface Grant {
  kind: AllowanceKind;
  token: Hex;
  spender: Hex;
}

/** An allowance still standing: the amount left (smallest unit, decimal; "1" for an operator), with the token as read. */
export interface AllowanceView extends Grant {
  amount: string;
  unlimited: boolean;
  symbol?: string;
  decimals?: number;
}
