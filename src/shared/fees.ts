/** The fee tiers a user picks from: how much room above today's base fee, how big a tip (background/fees/tiers.ts prices them). */
export const FEE_TIERS = ['low', 'market', 'aggressive'] as const;

export type FeeTier = (typeof FEE_TIERS)[number];

export const isFeeTier = (value: unknown): value is FeeTier => (FEE_TIERS as readonly unknown[]).includes(value);

/** Who pays a batch's network fee when the user may pick (issue 45): the account's ETH, or its USDC through the chain's USDC paymaster. */
export const FEE_SOURCES = ['eth', 'usdc'] as const;

export type FeeSource = (typeof FEE_SOURCES)[number];

export const isFeeSource = (value: unknown): value is FeeSource => (FEE_SOURCES as readonly unknown[]).includes(value);
