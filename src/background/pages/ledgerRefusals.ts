/**
 * The refusals of signing on a Ledger (../deviceSigning/deviceSigning.ts, ../rpc/deviceStillCurrent.ts,
 * ../rpc/deviceUserOperation.ts, ../rpc/ownDevicePayloads.ts, ../rpc/devicePayloads.ts, ../rpc/deviceBatchPayloads.ts)
 * as refusalWords.ts reads them: the approval window says them under its Approve or on its Ledger step. A request's or
 * a batch's id, an address, a request's type, an executor's name and the nonces are values as written.
 */
import type { ErrorKey } from '../../shared/errorWords';

const AT = (name: string) => String.raw`(?<${name}>0x[0-9a-fA-F]{40})`;
const REQUEST = String.raw`^Request (?<id>\S+)`;

export const LEDGER_REFUSALS: [RegExp, ErrorKey][] = [
  // Two accounts exactly: the sentence says "both".
  [new RegExp(`^${AT('first')} and ${AT('second')} are both Ledger accounts: this request can be signed by one of them only$`), 'errors_twoLedgers'],
  [new RegExp(`${REQUEST} did not ask the device for a signature$`), 'errors_deviceNotAsked'],
  [new RegExp(`${REQUEST} did not ask the device for an upgrade$`), 'errors_deviceNoUpgrade'],
  [new RegExp(`${REQUEST} asks no sign-in: nothing to sign$`), 'errors_noSignIn'],
  [/^A Ledger account cannot sign a (?<type>\w+) request yet$/, 'errors_ledgerCannotSign'],
  [/^The revert of request (?<id>\S+) is no longer waiting to be signed$/, 'errors_revertNotWaiting'],
  [new RegExp(`^A Ledger account's revert is signed and paid by ${AT('address')} itself: choose it as the account that pays$`), 'errors_ledgerRevertPayer'],
  [/^A Ledger account signs atomic and sponsored batches and single calls only, not this (?<executor>\w+) batch$/, 'errors_ledgerExecutor'],
  [/^The batch (?<id>\S+) names no approved paymaster$/, 'errors_noApprovedPaymaster'],
  [new RegExp(String.raw`^${AT('address')} sent another transaction with nonce (?<nonce>\d+) since this one was built \(its next is (?<next>\d+)\): nothing was sent, so it cannot replace that one; reject this request and send it again$`), 'errors_nonceTakenSince'],
  // Which nonce was used (`stale`): one of the two below, said through the table (refusalWords.ts PARTS).
  [new RegExp(`^${AT('address')} used (?<stale>.+) since this user operation was built: nothing was sent; try again to build it anew$`), 'errors_operationStale'],
  [/^its EntryPoint nonce (?<nonce>\d+)$/, 'errors_staleEntryPointNonce'],
  [/^the nonce (?<nonce>\d+) of its upgrade's authorization$/, 'errors_staleAuthorizationNonce'],
];

/** The checks of what the device signed and of the requests waiting for it (refusalFamilies.ts places them among its own). */
export const DEVICE_SIGNING_REFUSALS: [RegExp, ErrorKey][] = [
  [/^No request (?<id>\S+) is waiting for the device: it was answered already, or never was$/, 'errors_deviceNotWaiting'],
  [/^The device's signature is not (?<what>.+): nothing was signed or sent$/s, 'errors_deviceSignatureNot'],
  [new RegExp(`^one signature by ${AT('address')}$`), 'errors_deviceOneSignature'],
  [new RegExp(`^the transaction shown, signed by ${AT('address')}$`), 'errors_deviceTransactionShown'],
  [new RegExp(`^(?<count>\\d+) transactions signed by ${AT('address')}$`), 'errors_deviceTransactions'],
  [new RegExp(`^transaction (?<index>\\d+) of (?<count>\\d+) as shown, signed by ${AT('address')}$`), 'errors_deviceTransactionOf'],
  [/^(?<count>\d+) requests already wait for the device; answer them first$/, 'errors_deviceBusy'],
  [/^The batch of request (?<id>\S+) is no longer waiting to be signed$/, 'errors_batchNotWaiting'],
  [/^The transaction of request (?<id>\S+) is no longer waiting to be signed$/, 'errors_transactionNotWaiting'],
  [new RegExp(`^${AT('address')}'s code changed since this batch was planned: reject it and send it again$`), 'errors_codeChanged'],
  [new RegExp(`^The previous operation of ${AT('address')} has not run on chain yet \\(Activity can cancel it\\); this batch can run only after it: nothing was signed or sent$`), 'errors_previousOperation'],
  [new RegExp(`^Another request of ${AT('address')} waits for the Ledger or is being sent: answer it first; nothing was built or signed for this one$`), 'errors_earlierOnDevice'],
  [/^There is no code at (?<delegate>0x[0-9a-fA-F]{40}) on chain (?<chainId>\d+): a batch run through it would do nothing\. Send each call alone$/, 'errors_noDelegateCode'],
];
