/**
 * The approval window's refusals (preview.ts, approvals.ts, ../approvals/approvals.ts's settle) as refusalWords.ts
 * reads them: the window says them over its preview or under its Approve. An approval's id is a value as written.
 */
import type { ErrorKey } from '../../shared/errorWords';

const ID = String.raw`(?<id>\S+)`;

export const APPROVAL_REFUSALS: [RegExp, ErrorKey][] = [
  [new RegExp(`^No batch or transaction ${ID} is waiting for approval$`), 'errors_noApprovalBatch'],
  [new RegExp(`^The batch of approval ${ID} is gone$`), 'errors_approvalBatchGone'],
  [new RegExp(`^Request ${ID} is signed on the Ledger: approve it there$`), 'errors_signOnLedger'],
  [new RegExp(`^No pending approval ${ID}$`), 'errors_noPendingApproval'],
];
