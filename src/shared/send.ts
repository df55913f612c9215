/** What the popup's Send asks the background: its quote (ETH or USDC for the fee) and the transaction it sends. */
import type { FeeTier, FeeWords } from './fees';
import type { Hex } from './params';

/** What the popup's Send needs before review: the gas limit, each fee tier's fees, and what the recipient is. */
export interface SendQuote {
  gasLimit: Hex;
  fees: Record<FeeTier, { maxFeePerGas: Hex; maxPriorityFeePerGas: Hex }>;
  recipientIsContract: boolean;
  /** Wei: the OP-stack L1 data fee's upper bound, paid on top of the gas (absent off the OP stack). */
  l1Fee?: Hex;
  /** The node expects the call to revert. */
  warning?: string;
  /** The fee paid in USDC through the chain's USDC paymaster, for this account and call (issue 45): quoted, or why not. */
  usdc: SendUsdcQuote;
}

/**
 * A fee in USDC as the Send form weighs it: the chain's USDC, the account's balance of it and the quote (token units:
 * the most the fee can take; the fee line and `atMost`, that most as decimal text, rounded up); or why it is not
 * offered (no USDC paymaster on this chain, the bundler failed, …). The line and the reason in English and in words.
 */
export type SendUsdcQuote =
  | { offered: true; token: Hex; balance: Hex; maximum: Hex; line: string; words: FeeWords; atMost: string }
  /** No words only when the quote failed before it was made (the worker's later script did not load): `reason` is the error's message. */
  | { offered: false; reason: string; words?: FeeWords };

/** A transaction the popup sends: reviewed in the approval window like a dapp's, where the user picks the fee tier. */
export interface PopupTransaction {
  to: Hex;
  value: Hex;
  data: Hex;
  gas: Hex;
  /** `usdc`: the fee paid in USDC, asked as the wallet's own wallet_sendCalls (one atomic userOp); else an ETH transaction. */
  feeSource?: 'usdc';
}
