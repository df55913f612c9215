/**
 * Activity's Speed up and Cancel refusals (../batches/replace.ts, ../batches/cancelUserOperation.ts, send.ts's Cancel of
 * a sponsored batch) as refusalWords.ts reads them: the pending row says them under its buttons, the approval window
 * after its review. A hash, a batch's id and its site are values as written.
 */
import type { ErrorKey } from '../../shared/errorWords';

const HASH = String.raw`(?<hash>0x[0-9a-fA-F]{64})`;
const BATCH = String.raw`(?<id>\S+) of (?<origin>\S+)`;

export const ACTIVITY_REFUSALS: [RegExp, ErrorKey][] = [
  [/^A sponsored batch is one user operation with the bundler: it has no transaction to speed up or cancel \(its Cancel uses the user operation's nonce\)$/, 'errors_sponsoredNoTransaction'],
  [new RegExp(`^No transaction ${HASH} in this batch$`), 'errors_noTransaction'],
  [new RegExp(`^Transaction ${HASH} is no longer pending: only a pending transaction can be sped up or cancelled$`), 'errors_transactionNotPending'],
  [new RegExp(`^A replacement of ${HASH} must raise both fees by at least 10%$`), 'errors_replacementTooCheap'],
  [new RegExp(`^Batch ${BATCH} has no user operation still pending: only a pending one can be cancelled$`), 'errors_noPendingOperation'],
  [new RegExp(`^No batch ${BATCH}$`), 'errors_noBatch'],
];
