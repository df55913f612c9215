/** What the approval window shows of a batch of calls (EIP-5792 wallet_sendCalls). */
import type { DecodedCall } from '../decodedCall';
import type { FeeSource, FeeWords } from '../fees';
import type { Hex } from '../params';
import type { AddressLookAlike } from './transaction';

/**
 * An ERC-8021 attribution as the batch will carry it: after the transaction's calldata (atomic), after the userOp's
 * callData (sponsored), or after the data of these calls (sequential; none when every call is a transfer to a contract).
 */
export interface Attribution {
  codes: string[];
  value: Hex;
  appendedTo: 'transaction' | 'operation' | number[];
}

/** The sendCalls screen's answer: who pays the fee, when the screen offered a choice. */
export interface SendCallsAnswer {
  feeSource: FeeSource;
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
  /**
   * Who may pay the network fee when no site's paymaster does (issue 45): the sources the screen offers (a switch when
   * both; none: Approve stays disabled and `reasons` say why), the one picked first, and a fee in USDC as its line says
   * it ("Network fee: ≈ 0.42 USDC (at most 0.60 USDC)", never less than can be taken; `maximum` the cap in token
   * units) and whether its userOp upgrades the account. Absent when sponsored. The line and the reasons come in English
   * and in words (in the same order) for the browser's language; a screen stored before the words has English only.
   */
  feeSources?: {
    choices: FeeSource[];
    preferred?: FeeSource;
    usdc?: { line: string; words?: FeeWords; maximum: string; upgrade: boolean };
    reasons?: string[];
    reasonWords?: FeeWords[];
  };
  /** Recipients that imitate addresses the user knows (computed in the background). */
  lookAlikeRecipients?: AddressLookAlike[];
  /** Allowances the account already gave the paymaster that may take this batch's fee (it can take those tokens). */
  paymasterAllowances?: PaymasterAllowance[];
}

/** An allowance to the paymaster on a token the wallet knows on the chain; `amount` (smallest unit) null: not read. */
export interface PaymasterAllowance {
  paymaster: Hex;
  token: Hex;
  symbol: string;
  amount: string | null;
  /** The node said 0, but the wallet's own records say the account gave this allowance and none since took it back. */
  recorded?: true;
}
