/**
 * What a batch or transaction will do, simulated before the user signs (background/simulation/): the account's
 * balance changes and the allowances it grants, or why there is no preview.
 */
import type { Hex } from './params';
import type { Words } from './words';

/** The catalogue's keys of what a simulation could not reproduce (src/ui/i18n/<locale>/preview.json). */
export type UnmatchedKey = 'preview_unmatchedFees';
/** Why there is no preview, in words (src/ui/i18n/<locale>/preview.json). */
export type NoPreviewKey = 'preview_nodeUnreachable' | 'preview_cannotSimulate' | 'preview_nodeCouldNot' | 'preview_noPreview';

/** How a token is shown: read from its contract (symbol, decimals), or the native currency. */
export interface AssetInfo {
  /** The contract, or "native". */
  token: Hex | 'native';
  standard: 'native' | 'erc20' | 'erc721' | 'erc1155';
  symbol: string;
  decimals: number;
  /** One of the chain's well-known tokens at its real contract (shared/knownTokens.ts). */
  known?: true;
  /** The well-known token whose symbol this other contract uses (a fake "USDC"). */
  imitates?: { symbol: string; address: Hex };
  /** An ERC-20 whose decimals() gave no answer the wallet reads: `decimals` is 0, its amounts in its smallest unit. */
  decimalsUnread?: true;
}

/** One asset's net change for the account; `amount` is signed, in the token's smallest unit (NFTs: a count). */
export interface AssetChange extends AssetInfo {
  amount: string;
  tokenId?: string;
}

/** An allowance the account grants (or revokes) during the batch. */
export interface AllowanceChange extends AssetInfo {
  spender: Hex;
  /** Smallest unit; absent for setApprovalForAll. */
  amount?: string;
  unlimited: boolean;
  /** setApprovalForAll: every token of the collection. */
  allTokens?: boolean;
  tokenId?: string;
  revoked: boolean;
}

/** The first call that would revert, counted from 0, and why. */
export interface CallRevert {
  call: number;
  reason: string;
}

/** What the simulation found (or why there is none). */
export type Outcome =
  | {
      kind: 'simulated';
      /** Net changes for the account, what leaves first. */
      changes: AssetChange[];
      allowances: AllowanceChange[];
      /** Atomic: nothing happens (but the fee). Sequential: the other calls still run. */
      revert?: CallRevert;
      /** The account's native balance at the pending block, smallest unit. */
      balance: string;
      /** What of the real next block the simulation could not reproduce, in English and in words the screen says. */
      unmatched?: string;
      unmatchedWords?: Words<UnmatchedKey>;
    }
  /** The simulation says the account cannot pay the values the batch sends. */
  | { kind: 'unaffordable'; balance: string }
  /** No simulation on this node (or it failed): why, in English and in words; a revert check call by call where possible. */
  | { kind: 'unavailable'; reason: string; reasonWords?: Words<NoPreviewKey>; revert?: CallRevert };

/** The outcome, and how to show the tokens the calls name (symbol and decimals, by lowercase address). */
export type Preview = Outcome & { tokens: Record<string, AssetInfo> };
