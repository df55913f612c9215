/**
 * Who pays a userOp's network fee (issue 45): the site's paymaster when it sponsors; else ETH when the balance covers
 * what the calls send and the most the fee can take; else USDC through the chain's USDC paymaster when the balance
 * covers the USDC the calls send and the quote's cap. When both ETH and USDC work the user may switch; when neither
 * does, the screen says why for each instead of a send that fails.
 */
import type { FeeSource } from '../../shared/fees';
import { usdcAmountUp } from './feeLine';
import type { UsdcFeeQuote } from './quote';
import { formatEther } from '../../shared/units';

export interface FeeOptions {
  /** The site's paymasterService sponsors this request. */
  sponsored: boolean;
  /** The most the fee can take in the native currency, the balance, and what the calls themselves send. */
  eth: { maximum: bigint; balance: bigint; spent: bigint; symbol: string };
  /** The chain's USDC paymaster (./terms.ts read it), the account's USDC, what the calls send of it, and the quote; or why not. */
  usdc:
    | { available: true; balance: bigint; spent: bigint; quote: Pick<UsdcFeeQuote, 'expected' | 'maximum'> }
    | { available: false; reason: string };
}


export type FeeChoice =
  | { source: 'sponsored' }
  /** The source used unless the user picks another of `choices`. */
  | { source: FeeSource; choices: FeeSource[] }
  | { source: 'none'; reasons: string[] };

export function chooseFeeSource({ sponsored, eth, usdc }: FeeOptions): FeeChoice {
  if (sponsored) return { source: 'sponsored' };
  const ethWorks = eth.balance >= eth.spent + eth.maximum;
  const usdcWorks = usdc.available && usdc.balance >= usdc.spent + usdc.quote.maximum;
  const choices: FeeSource[] = [...(ethWorks ? ['eth' as const] : []), ...(usdcWorks ? ['usdc' as const] : [])];
  if (choices.length > 0) return { source: choices[0], choices };
  const ethReason = `Not enough ${eth.symbol}: the fee can take up to ${formatEther(eth.maximum)} ${eth.symbol} and the account holds ${formatEther(eth.balance - eth.spent < 0n ? 0n : eth.balance - eth.spent)} ${eth.symbol}`;
  const usdcReason = usdc.available
    ? `Not enough USDC: the fee can take up to ${usdcAmountUp(usdc.quote.maximum)} USDC and the account holds ${usdcAmountUp(usdc.balance - usdc.spent < 0n ? 0n : usdc.balance - usdc.spent)} USDC`
    : usdc.reason;
  return { source: 'none', reasons: [ethReason, usdcReason] };
}
