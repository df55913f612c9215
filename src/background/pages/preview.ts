/** The approval window's preview of a batch or transaction waiting for the user (simulation/previews.ts). */
import { invalidParams } from '../../shared/errors';
import type { Preview } from '../../shared/preview';
import type { Services } from '../services';

export async function approvalPreview(services: Services, id: string): Promise<Preview> {
  const approval = (await services.approvals.pending()).find((a) => a.id === id);
  if (approval?.type !== 'sendCalls' && approval?.type !== 'sendTransaction') throw invalidParams(`No batch or transaction ${id} is waiting for approval`);
  const batch = await services.batches.get(approval.origin, approval.details.batchId);
  const network = batch && (await services.networks.find(batch.chainId));
  if (!batch || !network) throw invalidParams(`The batch of approval ${id} is gone`);
  return services.previews.of(batch, { name: network.name, symbol: network.nativeCurrency.symbol }, await services.nodeFor(batch.chainId));
}
