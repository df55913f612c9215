/** The approval window's preview of a batch, transaction or replacement waiting for the user (simulation/previews.ts). */
import { invalidParams } from '../../shared/errors';
import type { Preview } from '../../shared/preview';
import { replacementBatch } from '../batches/replace';
import type { BatchRecord } from '../batches/types';
import type { ApprovalRecord } from '../approvals/types';
import { approvalSpecOf } from '../rpc/pipeline';
import type { Using } from '../services';

/** The services a preview reads. */
type Uses = 'approvals' | 'batches' | 'networks' | 'nodeFor' | 'previews';

/** What the approval would run: the batch its spec names, or for a Speed up or Cancel, the batch as the replacement runs it. */
async function batchOf(services: Using<Uses>, approval: ApprovalRecord): Promise<BatchRecord | undefined> {
  const named = approvalSpecOf(approval)?.batchOf?.(approval.details, approval.origin);
  if (!named) throw invalidParams(`No batch or transaction ${approval.id} is waiting for approval`);
  // Simulated for the screen beside the words of what runs: a copy put in meanwhile would be simulated in its place.
  const batch = await services.batches.own(named.origin, named.id);
  if (!named.replacing) return batch;
  const { hash, mode, gasLimit } = named.replacing;
  const pending = batch?.transactions.find((t) => t.hash === hash);
  return batch && pending && replacementBatch(batch, pending, mode, BigInt(gasLimit));
}

export async function approvalPreview(services: Using<Uses>, id: string): Promise<Preview> {
  const approval = (await services.approvals.pending()).find((a) => a.id === id);
  if (!approval) throw invalidParams(`No batch or transaction ${id} is waiting for approval`);
  const batch = await batchOf(services, approval);
  const network = batch && (await services.networks.find(batch.chainId));
  if (!batch || !network) throw invalidParams(`The batch of approval ${id} is gone`);
  return services.previews.of(batch, { name: network.name, symbol: network.nativeCurrency.symbol }, await services.nodeFor(batch.chainId));
}
