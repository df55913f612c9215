/**
 * Execution permissions (ERC-7715) as the wallet's parts exchange them: a grant as its approval screen shows it and
 * what the user changes there, as Permissions lists it, and as a site gets it back (MetaMask's wire format).
 */
import type { Danger } from './dangers';
import type { ErrorData } from './errors';
import type { TokenFacts } from './grantWords';
import type { Hex } from './params';
import type { Permission, PermissionRequest, PermissionType, Rule, RuleType } from './schemas/executionPermissions';
import type { ImitatedToken } from './tokens';

/** One execution permission (ERC-7715) as its screen shows it: to whom, what, and what it could cost. */
export interface GrantDetails {
  /** The session account that will redeem. */
  to: Hex;
  permission: Permission;
  rules: Rule[];
  /** What the amounts count, as read on the chain: an ERC-20 token (its address) or the network's currency. */
  token: TokenFacts & { address?: Hex; balance: string; imitates?: ImitatedToken };
  dangers: Danger[];
}

/**
 * The user's change to one grant on its screen, where the site allowed it (background/executionPermissions/adjust.ts
 * refuses anything wider): a lower amount (in the token's units, hex) and an earlier end (seconds since the epoch).
 */
export interface GrantAdjustment {
  amount?: Hex;
  expiry?: number;
}

/** A transaction the wallet plans before the grants (a stored batch, sent on Grant), with its fee at the market tier. */
export interface PlannedStep {
  batchId: string;
  gasLimit: string;
  /** The most it can cost (wei, decimal), as the other screens' "Max network fee". */
  maxFee: string;
}

/**
 * The first grant's upgrade: the account's own type-4 transaction delegating it to the DeleGator, and before it, on
 * a chain that lacks the DeleGator, its deployment.
 */
export interface GrantUpgrade extends PlannedStep {
  /** The delegate the account leaves (null: a plain account), with the wallet's name for it when it is one of its own. */
  replaces: { address: Hex; name?: string } | null;
  delegate: { address: Hex; name: string };
  deploy?: PlannedStep;
  /** What the upgrade could cost beyond its fees: replacing a delegate the wallet did not set. */
  dangers: Danger[];
}

/** wallet_requestExecutionPermissions: grants from `account`, redeemed through the DelegationManager. */
export interface GrantPermissionsDetails {
  account: Hex;
  chainId: Hex;
  networkName: string;
  grants: GrantDetails[];
  /** Absent when the account delegates to the DeleGator already. */
  upgrade?: GrantUpgrade;
  /** The network's currency, which the upgrade's fees are in. */
  symbol?: string;
}

/** A grant as Permissions lists it: what was granted, and what the chain says of it. */
export interface GrantView {
  id: Hex;
  origin: string;
  chainId: Hex;
  networkName: string;
  from: Hex;
  to: Hex;
  permission: Permission;
  rules: Rule[];
  token: TokenFacts;
  grantedAt: number;
  /** In the token's units: spent in the current period (periodic, allowance) or in all (stream); absent when the node did not say. */
  spent?: string;
  /** The DelegationManager has it disabled, as the node says now: a claim, which hides Revoke only beside `revokeSent`. */
  revoked: boolean;
  /** The wallet sent its revoke (the chain may not have it: pending, reverted, replaced). */
  revokeSent: boolean;
  /**
   * Why the wallet refused the popup's last revoke of the account's grants on Approve (the words in its data), until
   * the popup asks the next one: no page heard it, the popup closed as the approval window opened.
   */
  revokeRefused?: { code: number; message: string; data?: ErrorData };
}

/** A grant as Activity names it: to whom, what, for which site. */
export type GrantMention = Pick<GrantView, 'origin' | 'to' | 'permission' | 'rules' | 'token'>;

/** One grant as the site gets it (wallet_requestExecutionPermissions, wallet_getGrantedExecutionPermissions): the request as granted, and how the site redeems it. */
export interface PermissionResponse extends Omit<PermissionRequest, 'from'> {
  from: Hex;
  context: Hex;
  dependencies: { factory: Hex; factoryData: Hex }[];
  delegationManager: Hex;
}

/** wallet_getSupportedExecutionPermissions: each permission type, the chains and rules it is granted with. */
export type SupportedExecutionPermissions = Record<PermissionType, { chainIds: Hex[]; ruleTypes: RuleType[] }>;
