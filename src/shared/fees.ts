/** The fee tiers a user picks from: how much room above today's base fee, how big a tip (background/fees/tiers.ts prices them). */
export const FEE_TIERS = ['low', 'market', 'aggressive'] as const;

export type FeeTier = (typeof FEE_TIERS)[number];

export const isFeeTier = (value: unknown): value is FeeTier => (FEE_TIERS as readonly unknown[]).includes(value);
