/** After a worker restart: finish sending approved batches, answer their pages, and follow their receipts. */
import { sendApproved } from './lifecycle';
import type { Services } from '../services';
import { replyToPage } from '../transport/pages';
import { followBatch } from './receipts';
import { submissions } from './status';

export async function resumeBatches(services: Services): Promise<void> {
  const batches = await services.batches.all();
  await Promise.all(
    batches.map(async (batch) => {
      if (batch.state === 'approved' || batch.state === 'sending') {
        const { replyTo } = batch;
        const response = await sendApproved(services, batch.origin, batch.id);
        if (replyTo) await replyToPage(replyTo, response);
      } else if (batch.state === 'sent' && submissions(batch).some((t) => t.sent && !t.receipt)) {
        await followBatch(services, batch.origin, batch.id);
      }
    }),
  );
}
