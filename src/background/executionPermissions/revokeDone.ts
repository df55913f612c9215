/**
 * At Approve: a revoke of a grant already revoked is refused, nothing sent. Two reviews of one revoke (asked at once, or
 * a site's and the popup's) are both approvable; once the first confirmed, the second's disableDelegation of a disabled
 * delegation reverts, its fee lost. Only the wallet's own records decide: a node that said the grant is disabled would
 * have the user told "already revoked" of a grant in force (a revoke made elsewhere reverts, as the review's simulation
 * says). In the later script (grantCode.ts).
 */
import { invalidParams } from '../../shared/errors';
import { ownRecords } from '../batches/ownRecords';
import { CallsStatus, anySent, batchStatus } from '../batches/status';
import type { BatchStore } from '../batches/store';
import type { BatchRecord } from '../batches/types';
import { grantsRevokedBy } from './activity';
import { revokeAllIncrements } from './nonce';
import { landedRevokes } from './revoked';
import type { Grants } from './store';

interface DoneUses {
  batches: Pick<BatchStore, 'all' | 'own' | 'authentic'>;
  grants: Pick<Grants, 'list'>;
}

const sameCall = (a: BatchRecord, b: BatchRecord): boolean =>
  a.calls.length === 1 && a.from.toLowerCase() === b.from.toLowerCase() && BigInt(a.chainId) === BigInt(b.chainId) &&
  a.calls[0].to?.toLowerCase() === b.calls[0].to?.toLowerCase() && a.calls[0].data.toLowerCase() === b.calls[0].data.toLowerCase();

/** Whether another of the wallet's own batches of the same call confirmed (its grant left unmarked, or not decided yet). */
async function confirmedOnRecord(batch: BatchRecord, batches: DoneUses['batches']): Promise<boolean> {
  const others = (await batches.all()).filter((b) => !(b.origin === batch.origin && b.id === batch.id) && sameCall(b, batch) && batchStatus(b) === CallsStatus.confirmed);
  return (await ownRecords(batches, others)).length > 0;
}

/**
 * -32602, nothing sent, when the grant the approved revoke disables is revoked already: a revoke of it landed as the
 * wallet's records say (named on the grant, or the same call confirmed in history). Revoke all raises the nonce again,
 * which never reverts: not looked at. Nor is a revoke already sent (approved again after a restart: its sending
 * resumes), nor a record the wallet did not write (refused when sent).
 */
export async function revokeNotDone(services: DoneUses, approval: { origin: string; details: { batchId: string } }): Promise<void> {
  const batch = await services.batches.own(approval.origin, approval.details.batchId);
  if (!batch || batch.calls.length !== 1 || anySent(batch)) return;
  if ((await revokeAllIncrements(batch.calls[0], batch.from, batch.chainId)) > 0) return;
  const [grant] = await grantsRevokedBy(await services.grants.list(), batch);
  if (!grant) return;
  const done = (await landedRevokes([grant], services.batches)).size > 0 || (await confirmedOnRecord(batch, services.batches));
  if (done) throw invalidParams('This permission is already revoked: nothing was sent');
}
