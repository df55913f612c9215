/** What the approval window shows of a batch of calls (EIP-5792 wallet_sendCalls). */
import type { DecodedCall } from '../decodedCall';
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
