import type { Words } from './words';

/** The fee tiers a user picks from: how much room above today's base fee, how big a tip (background/fees/tiers.ts prices them). */
export const FEE_TIERS = ['low', 'market', 'aggressive'] as const;

export type FeeTier = (typeof FEE_TIERS)[number];

export const isFeeTier = (value: unknown): value is FeeTier => (FEE_TIERS as readonly unknown[]).includes(value);

/** Who pays a batch's network fee when the user may pick (issue 45): the account's ETH, or its USDC through the chain's USDC paymaster. */
export const FEE_SOURCES = ['eth', 'usdc'] as const;

export type FeeSource = (typeof FEE_SOURCES)[number];

export const isFeeSource = (value: unknown): value is FeeSource => (FEE_SOURCES as readonly unknown[]).includes(value);

/**
 * The catalogue keys of what the fee-in-USDC code tells a screen (src/ui/i18n/<locale>/fees.json): the fee line, the
 * fee paid, and why a source cannot pay. The screens say them with `say` (src/ui/i18n/say.ts).
 */
export type FeeWordsKey =
  | 'fees_usdcLine'
  | 'fees_usdcPaid'
  | 'fees_notEnoughCoin'
  | 'fees_notEnoughUsdc'
  | 'fees_callsNeedCoin'
  | 'fees_noUsdcHeld'
  | 'fees_noPaymaster'
  | 'fees_no7702'
  | 'fees_otherCode'
  | 'fees_noBundler'
  | 'fees_ledger'
  | 'fees_quoteLate'
  | 'fees_quoteFailed';

export type FeeWords = Words<FeeWordsKey>;

/** What the fee code says: its English (the worker's tests and logs, stored records) and the words a screen says it in. */
export interface FeeSaying {
  message: string;
  words: FeeWords;
}
