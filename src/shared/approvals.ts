/**
 * The requests the approval window shows, one screen each: what the screen shows (`details`), what the user's
 * approval carries back (`answer`), and how the window's first paint outlines it (`outlines`, below). Adding an
 * approval type is three places: its entries here (the compiler asks for its outline once it is in `ApprovalTypes`),
 * its method entry (`approval: { type, answer, … }` in background/rpc/), and its screen (ui/approval/) with its line
 * in ui/approval/screens.ts (the compiler asks for that line too).
 */
import type { Grant } from './allowances';
import type { Collectible } from './collectibles';
import type { Danger } from './dangers';
import type { DecodedCall } from './decodedCall';
import type { ClearSigned } from './erc7730/types';
import type { FeeTier } from './fees';
import type { GrantAdjustment, GrantPermissionsDetails } from './grants';
import type { Network } from './networks';
import type { Hex } from './params';
import type { SiweFields } from './siwe';
import type { ImitatedToken, Token } from './tokens';
import type { LegacyTypedField, TypedMessage } from './typedData/types';

/** A recipient that starts and ends like an address the user knows (address poisoning), and that address. */
export interface AddressLookAlike {
  recipient: Hex;
  resembles: Hex;
}

/**
 * An ERC-8021 attribution as the batch will carry it: after the transaction's calldata (atomic), after the userOp's
 * callData (sponsored), or after the data of these calls (sequential; none when every call is a transfer to a contract).
 */
export interface Attribution {
  codes: string[];
  value: Hex;
  appendedTo: 'transaction' | 'operation' | number[];
}

export interface SendCallsDetails {
  batchId: string;
  from: Hex;
  chainId: Hex;
  networkName: string;
  symbol: string;
  atomic: boolean;
  upgrade: boolean;
  calls: DecodedCall[];
  totalValue: string;
  /** Wei: gas limits times the max fee per gas, plus the L1 data fee's upper bound on OP-stack chains; "0" when sponsored. */
  maxFee: string;
  /** Wei: the most of `maxFee` that is the OP-stack L1 data fee (absent off the OP stack). */
  l1Fee?: string;
  warning?: string;
  /** The ERC-8021 attribution (data suffix) the batch carries, and where. */
  attribution?: Attribution;
  /**
   * Gas paid by an ERC-7677 paymaster: who (from its stub answer), where the service is, and its contract (pinned).
   * `submittedBy`: the service's host when it also submits the userOp (the site's paymaster URL bundles too, and the
   * user set no bundler): the site's own server then decides when the userOp reaches the chain.
   */
  sponsor?: { name?: string; icon?: string; origin: string; paymaster: Hex; submittedBy?: string };
  /** Recipients that imitate addresses the user knows (computed in the background). */
  lookAlikeRecipients?: AddressLookAlike[];
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
  /** The site chose the nonce of the wallet's own pending transaction: this one takes its place if it lands first. */
  replaces?: { nonce: number; hash: Hex; batchOrigin: string; calls: DecodedCall[]; revokeDelegation?: true };
}

/** A connect request; with ERC-7846's signInWithEthereum, the EIP-4361 fields each chosen account signs. */
export interface ConnectDetails {
  /** wallet_connect: the chains of the connection, as its answer lists them. */
  chainIds?: Hex[];
  signIn?: {
    fields: SiweFields;
    /** The message's scheme and domain are not the requesting site's. */
    warning?: string;
  };
  /** The site's address imitates a well-known dapp's (punycode, look-alike letters, the phishing list's fuzzy match). */
  lookAlikeSite?: string;
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

export interface SignMessageDetails {
  account: Hex;
  /** The message exactly as signed (hex bytes). */
  message: Hex;
  /** The message as text when it is UTF-8, else absent (the screen shows the hex). */
  text?: string;
  /** EIP-4361 message whose domain is not the requesting site. */
  siweWarning?: string;
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
  /** The allowances signing it grants (a permit), remembered for the popup's Approvals once signed. */
  grants?: Grant[];
}

export interface WatchAssetDetails {
  account: Hex;
  chainId: Hex;
  networkName: string;
  /** As the contract describes it, with the account's balance. */
  token: Token & { balance: string };
  requested: { symbol: string; decimals: number };
  /** The token uses a well-known token's symbol on this chain but is another contract. */
  imitates?: ImitatedToken;
}

/** A request from a site on the phishing list, held until the user goes back or chooses to trust the site. */
export interface PhishingDetails {
  /** The listed host: the requesting frame's, or the page's around it (then `listedOrigin` is that page). */
  hostname: string;
  listedOrigin?: string;
  /** The request that is held: it proceeds (to its own approval) when the user trusts the site. */
  request: { method: string; params?: unknown };
}

/** wallet_watchAsset of an ERC-721 or ERC-1155 token: as the contract describes it, with how many the account holds. */
export interface WatchCollectibleDetails {
  account: Hex;
  chainId: Hex;
  networkName: string;
  collectible: Collectible & { balance: string };
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

export interface ApprovalTypes {
  connect: { details: ConnectDetails; answer: Hex[] };
  phishing: { details: PhishingDetails; answer: null };
  addChain: { details: Network; answer: null };
  switchChain: { details: Network; answer: null };
  sendCalls: { details: SendCallsDetails; answer: null };
  sendTransaction: { details: SendTransactionDetails; answer: FeeTier };
  signMessage: { details: SignMessageDetails; answer: null };
  signTypedData: { details: SignTypedDataDetails; answer: null };
  /** An ERC-20 token, or a collectible (`collectible` instead of `token`). */
  watchAsset: { details: WatchAssetDetails | WatchCollectibleDetails; answer: null };
  /** The answer is the paying account, one of `payers`. */
  revertForeignDelegation: { details: RevertForeignDelegationDetails; answer: Hex };
  replaceTransaction: { details: ReplaceTransactionDetails; answer: FeeTier };
  revokeDelegation: { details: RevokeDelegationDetails; answer: FeeTier };
  /** The answer: one adjustment per grant, in the screen's order. */
  grantPermissions: { details: GrantPermissionsDetails; answer: GrantAdjustment[] | null };
}

export type ApprovalType = keyof ApprovalTypes;
export type ApprovalDetails<T extends ApprovalType> = ApprovalTypes[T]['details'];
export type ApprovalAnswer<T extends ApprovalType> = ApprovalTypes[T]['answer'];

/** A screen's title and its two buttons' names, the less prominent first, as the screen itself names them. */
export interface Heading {
  title: string;
  buttons: readonly [secondary: string, primary: string];
}

/**
 * How the window's first paint (shared/approvalSummary.ts) outlines a type before its screen has loaded, and whether
 * the screen previews the batch it runs (the first script then asks for the preview early: ui/stores/firstPreview.ts).
 */
interface Outline<T extends ApprovalType> {
  heading(approval: ApprovalViewOf<T>): Heading;
  previews: boolean;
}

export const DECIDE = ['Reject', 'Approve'] as const;

const outlines: { [T in ApprovalType]: Outline<T> } = {
  connect: {
    heading: ({ origin, details }) =>
      details.signIn !== undefined
        ? { title: `Connect and sign in to ${origin}`, buttons: ['Reject', 'Connect and sign in'] }
        : { title: `Connect to ${origin}`, buttons: ['Reject', 'Connect'] },
    previews: false,
  },
  // The safe answer is the prominent one here.
  phishing: { heading: () => ({ title: 'Deceptive site', buttons: ['Continue anyway (I trust this site)', 'Back to safety'] }), previews: false },
  addChain: { heading: () => ({ title: 'Add a network', buttons: DECIDE }), previews: false },
  switchChain: { heading: () => ({ title: 'Switch network', buttons: ['Reject', 'Switch network'] }), previews: false },
  sendCalls: {
    heading: ({ details }) =>
      details.upgrade ? { title: 'Upgrade your account?', buttons: ['Decline upgrade', 'Upgrade account'] } : { title: 'Review batch', buttons: DECIDE },
    previews: true,
  },
  sendTransaction: { heading: () => ({ title: 'Send transaction', buttons: DECIDE }), previews: true },
  signMessage: { heading: () => ({ title: 'Sign message', buttons: ['Reject', 'Sign'] }), previews: false },
  signTypedData: { heading: () => ({ title: 'Sign typed data', buttons: ['Reject', 'Sign'] }), previews: false },
  watchAsset: {
    heading: ({ details }) =>
      'collectible' in details
        ? { title: 'Add suggested collectible', buttons: ['Cancel', 'Add collectible'] }
        : { title: 'Add suggested token', buttons: ['Cancel', 'Add token'] },
    previews: false,
  },
  revertForeignDelegation: { heading: () => ({ title: 'Revert to a plain account', buttons: ['Reject', 'Revert'] }), previews: false },
  replaceTransaction: {
    heading: ({ details }) => ({ title: details.mode === 'cancel' ? 'Cancel transaction' : 'Speed up transaction', buttons: DECIDE }),
    previews: true,
  },
  revokeDelegation: { heading: () => ({ title: 'Revert to a plain account', buttons: DECIDE }), previews: true },
  grantPermissions: { heading: ({ details }) => ({ title: details.grants.length > 1 ? 'Grant permissions' : 'Grant a permission', buttons: ['Reject', 'Grant'] }), previews: false },
};

/** The outline of an approval's own type (one lookup: each entry takes only views of its type). */
const outlineOf = <T extends ApprovalType>(type: T): Outline<T> => outlines[type];

export const headingOf = (approval: ApprovalView): Heading => outlineOf(approval.type).heading(approval);

/** Whether a type's screen previews what it runs; false for a type the window does not know (an old address). */
export const previews = (type: string): boolean => Object.hasOwn(outlines, type) && outlines[type as ApprovalType].previews;

/** Why the user declined, when it matters to the answer: the EIP-7702 upgrade rather than the batch (5750, not 4001). */
export type RejectReason = 'decline-upgrade';

/** The user's decision as the page sent it: the background checks `answer` against the approval type before using it. */
export type ApprovalDecision = { approved: true; answer?: unknown } | { approved: false; reason?: RejectReason };

/** A waiting request as the approval window sees it. */
export type ApprovalView = { [T in ApprovalType]: { id: string; type: T; origin: string; details: ApprovalDetails<T> } }[ApprovalType];
export type ApprovalViewOf<T extends ApprovalType> = Extract<ApprovalView, { type: T }>;

/**
 * A request the wallet is still planning (reading the account and the network) before it can ask the user: the
 * approval window shows it when planning takes long (a distant node), until its screen replaces it.
 */
export interface PlanningView {
  id: string;
  origin: string;
  method: string;
}

/** The dapp's decimals must match the contract's (the Add button stays disabled); a different symbol only warns. */
export const watchAssetMismatch = ({ token, requested }: WatchAssetDetails): { symbol: boolean; decimals: boolean } => ({
  symbol: token.symbol !== requested.symbol,
  decimals: token.decimals !== requested.decimals,
});
