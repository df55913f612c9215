/**
 * Revoking execution permissions (executionPermissions.ts grants them): a site's revoke of one of its grants, and the
 * popup's Revoke and Revoke all (../pages/grants.ts), each the account's revoking call reviewed as a transaction. Once
 * it is sent, the grants it revokes are marked so.
 */
import { data, object, positional, type Hex } from '../../shared/params';
import { invalidParams } from '../../shared/errors';
import type { FeeTier } from '../../shared/fees';
import { parseSendTransaction } from '../../shared/schemas/sendTransaction';
import { withAccountLock } from '../batches/nonceLock';
import type { Using } from '../services';
import { revokeAnswered } from './lazyRevokeRefusals';
import { transactionApproval, type TransactionUses } from './transactions';
import { type DappTable, type MethodTable, methodsUsing } from './types';

/** The services these methods use. */
type Uses = 'approvals' | 'grants' | 'grantCode' | 'revokeRefusals' | TransactionUses;
const method = methodsUsing<Uses>();

export const siteRevokeMethods = {
  /**
   * The site revokes one of its grants: the account's disableDelegation call, reviewed as any transaction the site
   * asks (the same screen and answer as eth_sendTransaction); once sent, the grant is listed as revoked.
   */
  wallet_revokeExecutionPermission: method({
    parse(params) {
      const [request] = positional(params, 'wallet_revokeExecutionPermission', 1);
      return { permissionContext: data(object(request, 'params[0]').permissionContext, 'params[0].permissionContext') };
    },
    auth: 'connected',
    approval: {
      ...transactionApproval,
      async prepare({ permissionContext }, ctx) {
        const grant = (await ctx.services.grantCode.grantsInForce(ctx.services, ctx.origin)).find((g) => g.context === permissionContext);
        if (!grant) throw invalidParams(`params[0].permissionContext is not a permission ${ctx.origin} holds`);
        const call = await ctx.services.grantCode.revokeCall(grant);
        await ctx.services.grantCode.revokeNotWaiting({ ...call, from: grant.from, chainId: grant.chainId }, ctx);
        // On the grant's own chain only: sent on another, it would disable nothing there, yet list the grant as revoked.
        const tx = parseSendTransaction([{ from: grant.from, chainId: grant.chainId, value: '0x0', ...call }]);
        return transactionApproval.prepare(tx, { ...ctx, account: grant.from });
      },
      async approve(record, feeTier, services) {
        await sentRevoke(record, feeTier, services);
        // Once sent, the site is answered so though marking fails: an error would have it ask again, and the user pay a
        // second revoke that reverts. The grant left unmarked still reads revoked from the chain in Permissions, and
        // Activity's row names it (read from the call).
        await markSent(record, services, record.origin).catch((error: Error) => console.warn('[grants] marking the grants of a sent revoke failed', error.message));
        return {};
      },
    },
  }),
} satisfies DappTable;

type RevokeRecord = Parameters<typeof transactionApproval.approve>[0];

/** A revoke reviewed as a transaction, sent: its hash. Only what fails here is a refusal; the revoke is on its way after. */
async function sentRevoke(record: RevokeRecord, feeTier: FeeTier, services: Using<TransactionUses | 'grants' | 'grantCode'>): Promise<Hex> {
  // One of the account's revokes at a time, from its checks until it is sent: two approved at once (a restart's resume
  // finishes every decided approval together; a Revoke all's check waits on the node) both passed the checks before
  // either was approved, and both were sent.
  return withAccountLock(`revoke ${record.details.from}`, async () => {
    // The same revoke sent since this one was reviewed (revokeWaiting.ts), or its grant revoked already (revokeDone.ts); a
    // grant signed while a Revoke all waited may sit past where it stops (nonceMarks.ts).
    await services.grantCode.revokeNotSentMeanwhile(services.batches, record);
    await services.grantCode.revokeNotDone(services, record);
    await services.grantCode.revokeAllStillPast(services, record);
    return transactionApproval.approve(record, feeTier, services);
  });
}

/**
 * Once the revoke is sent (not when its review opens: the user may reject it), the grants its call revokes are marked
 * so, those of `site` only when given (a site's own revoke).
 */
async function markSent(record: RevokeRecord, services: Using<TransactionUses | 'grants' | 'grantCode'>, site?: string): Promise<void> {
  // Read back from storage.local, which a content script writes on Firefox: only the wallet's own record says what was sent.
  const batch = await services.batches.own(record.origin, record.details.batchId);
  if (!batch) return;
  // With when it was made: a later batch of the site under the same id, once this one's record is gone, is not it.
  const sent = { origin: record.origin, batchId: record.details.batchId, createdAt: batch.createdAt };
  // Named on each grant: only the wallet's own revokes say whether it is revoked, and Activity's history drops them.
  for (const grant of await services.grantCode.grantsRevokedBy(await services.grants.list(site), batch)) await services.grants.markRevoked(grant.id, Date.now(), sent);
  // A Revoke all counts once its receipt shows the increments (nonceMarks.ts).
  await services.grantCode.markedSent(batch, services);
}

/** The popup's Revoke and Revoke all (../pages/grants.ts): the account's revoking call, asked as the wallet. */
export const grantRevokeMethods = {
  wallet_revokeGrants: method({
    parse: parseSendTransaction,
    auth: 'account',
    account: (tx) => tx.from,
    approval: {
      ...transactionApproval,
      // Its refusal kept for Permissions to say (../pages/revokeRefusals.ts): the popup that asked closed as the window
      // opened. Only the send's: a failure after it (marking the grants) is the answer, not "Not revoked" beside a revoke on its way.
      async approve(record, feeTier, services) {
        const hash = await revokeAnswered(services, { record, answer: () => sentRevoke(record, feeTier, services) });
        await markSent(record, services);
        return hash;
      },
      // Not twice (a second click's review), Revoke all named as one and let into the account (revokeWaiting.ts).
      prepare: (tx, ctx) => ctx.services.grantCode.revokeReviewed(tx, ctx, (revokeAll) => transactionApproval.prepare(tx, ctx, revokeAll)),
    },
  }),
} satisfies MethodTable;
