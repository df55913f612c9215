/**
 * Who pays a userOp's network fee (issue 45): the site's paymaster when it sponsors; else ETH when the balance covers
 * what the calls send and the most the fee can take; else USDC through the chain's USDC paymaster when the balance
 * covers the USDC the calls send and the quote's cap. When both ETH and USDC work the user may switch; when neither
 * does, the screen says why for each instead of a send that fails.
 */
import type { FeeSaying, FeeSource } from '../../shared/fees';
import { formatEther } from '../../shared/units';
import { usdcAmountDown, usdcAmountUp } from './feeLine';
import type { UsdcFeeQuote } from './quote';

export interface FeeOptions {
  /** The site's paymasterService sponsors this request. */
  sponsored: boolean;
  /** The most the fee can take in the native currency, the balance, and what the calls themselves send. */
  eth: { maximum: bigint; balance: bigint; spent: bigint; symbol: string };
  /** The chain's USDC paymaster (./terms.ts read it), the account's USDC, what the calls send of it, and the quote; or why not. */
  usdc:
    | { available: true; balance: bigint; spent: bigint; quote: Pick<UsdcFeeQuote, 'expected' | 'maximum'> }
    | { available: false; reason: FeeSaying };
}

export type FeeChoice =
  | { source: 'sponsored' }
  /** The source used unless the user picks another of `choices`. */
  | { source: FeeSource; choices: FeeSource[] }
  | { source: 'none'; reasons: FeeSaying[] };

export function chooseFeeSource({ sponsored, eth, usdc }: FeeOptions): FeeChoice {
  if (sponsored) return { source: 'sponsored' };
  const ethWorks = eth.balance >= eth.spent + eth.maximum;
  // The calls' ETH is the account's with either fee: the bundler estimates with its balance overridden, so an op whose
  // calls need more would take its fee in USDC and revert.
  const callsCovered = eth.balance >= eth.spent;
  const usdcWorks = usdc.available && callsCovered && usdc.balance >= usdc.spent + usdc.quote.maximum;
  const choices: FeeSource[] = [...(ethWorks ? ['eth' as const] : []), ...(usdcWorks ? ['usdc' as const] : [])];
  if (choices.length > 0) return { source: choices[0], choices };
  const ethReason = notEnough('fees_notEnoughCoin', eth.symbol, formatEther(eth.maximum), formatEther(left(eth)));
  const usdcReason = !usdc.available
    ? usdc.reason
    : callsCovered ? notEnough('fees_notEnoughUsdc', 'USDC', usdcAmountUp(usdc.quote.maximum), usdcAmountDown(left(usdc))) : callsNeedCoin(eth);
  return { source: 'none', reasons: [ethReason, usdcReason] };
}

/** What the account holds of a currency once the calls have sent theirs. */
const left = ({ balance, spent }: { balance: bigint; spent: bigint }): bigint => (balance > spent ? balance - spent : 0n);

/** "Not enough ETH: the fee can take up to 0.001 ETH and the account holds 0.0001 ETH", its figures decimals the screen writes. */
function notEnough(key: 'fees_notEnoughCoin' | 'fees_notEnoughUsdc', symbol: string, maximum: string, held: string): FeeSaying {
  return {
    message: `Not enough ${symbol}: the fee can take up to ${maximum} ${symbol} and the account holds ${held} ${symbol}`,
    words: { key, values: { maximum: { decimal: maximum }, held: { decimal: held }, ...(key === 'fees_notEnoughCoin' ? { symbol } : {}) } },
  };
}

/** "Not enough ETH for the calls: they send 1.0 ETH and the account holds 0.5 ETH": no fee in USDC makes up for it. */
function callsNeedCoin({ symbol, spent, balance }: FeeOptions['eth']): FeeSaying {
  const [sent, held] = [formatEther(spent), formatEther(balance)];
  return {
    message: `Not enough ${symbol} for the calls: they send ${sent} ${symbol} and the account holds ${held} ${symbol}`,
    words: { key: 'fees_callsNeedCoin', values: { symbol, spent: { decimal: sent }, held: { decimal: held } } },
  };
}
