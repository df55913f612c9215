/** The approval window's preview of a batch, transaction or replacement waiting for the user (simulation/previews.ts). */
import { invalidParams } from '../../shared/errors';
import type { Preview } from '../../shared/preview';
import { replacementBatch } from '../batches/replace';
import type { BatchRecord } from '../batches/types';
import type { ApprovalRecord } from '../approvals/types';
import type { Services } from '../services';

/** What the approval would run: its own batch, or for a Speed up or Cancel, the batch as the replacement runs it. */
async function batchOf(services: Services, approval: ApprovalRecord): Promise<BatchRecord | undefined> {
  switch (approval.type) {
    case 'sendCalls':
    case 'sendTransaction':
    case 'revokeDelegation':
      return services.batches.get(approval.origin, approval.details.batchId);
    case 'replaceTransaction': {
      const { batchOrigin, batchId, hash, mode } = approval.details;
      const batch = await services.batches.get(batchOrigin, batchId);
      const pending = batch?.transactions.find((t) => t.hash === hash);
      return batch && pending && replacementBatch(batch, pending, mode);
    }
    default:
      throw invalidParams(`No batch or transaction ${approval.id} is waiting for approval`);
  }
}

export async function approvalPreview(services: Services, id: string): Promise<Preview> {
  const approval = (await services.approvals.pending()).find((a) => a.id === id);
  if (!approval) throw invalidParams(`No batch or transaction ${id} is waiting for approval`);
  const batch = await batchOf(services, approval);
  const network = batch && (await services.networks.find(batch.chainId));
  if (!batch || !network) throw invalidParams(`The batch of approval ${id} is gone`);
  return services.previews.of(batch, { name: network.name, symbol: network.nativeCurrency.symbol }, await services.nodeFor(batch.chainId));
}
