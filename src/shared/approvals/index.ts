/**
 * The requests the approval window shows, one screen each: what the screen shows (`details`) and what the user's
 * approval carries back (`answer`); each type's details are in a file of this folder named for what it asks (a
 * grant's in ../grants.ts), and how the window's first paint outlines it in ./outlines.ts.
 *
 * Adding an approval type (docs/layout.md walks through one):
 * 1. here: its details, in a file of this folder, and its entry in `ApprovalTypes`; the compiler then asks for its
 *    outline (./outlines.ts) and for its line in ui/approval/screens.ts, which names its screen (ui/approval/);
 * 2. the method that asks it, in background/rpc/ (`approval: { type, answer, … }`), and, when pages call that method,
 *    its reply in background/rpc/dappMethods.ts (the compiler asks for that one too).
 */
import type { GrantAdjustment, GrantPermissionsDetails } from '../grants';
import type { FeeTier } from '../fees';
import type { Network } from '../networks';
import type { Hex } from '../params';
import type { SendCallsAnswer, SendCallsDetails } from './batch';
import type { ConnectDetails } from './connect';
import type { RevertForeignDelegationDetails, RevokeDelegationDetails } from './delegation';
import type { PhishingDetails } from './phishing';
import type { SignMessageDetails, SignTypedDataDetails } from './signing';
import type { ReplaceTransactionDetails, SendTransactionDetails } from './transaction';
import type { WatchAssetDetails, WatchCollectibleDetails } from './watchAsset';

export interface ApprovalTypes {
  connect: { details: ConnectDetails; answer: Hex[] };
  phishing: { details: PhishingDetails; answer: null };
  addChain: { details: Network; answer: null };
  switchChain: { details: Network; answer: null };
  sendCalls: { details: SendCallsDetails; answer: SendCallsAnswer | null };
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
