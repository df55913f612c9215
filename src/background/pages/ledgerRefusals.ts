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
