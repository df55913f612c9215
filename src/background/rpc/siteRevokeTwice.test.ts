/**
 * A site's wallet_revokeExecutionPermission asked again while the wallet's own revoke of that grant is on its way, its
 * grant left unmarked (marking failed after the send, which the site was answered as sent, or a content script on
 * Firefox rewrote the revoke's record before it was marked): a second revoke the user approves lands after the first,
 * and reverts, its fee lost.
 */
import { describe, expect, it, vi } from 'vitest';
import * as grantCode from '../executionPermissions/grantCode';
import { fakeBatches } from '../batches/storeFake.fixture';
import type { BatchRecord } from '../batches/types';
import type { Services } from '../services';

// The review itself (planning, fees, the node) is not what is looked at: a request that reaches it is reviewed.
vi.mock('./transactions', async (original) => {
  const actual = await original<typeof import('./transactions')>();
  return { ...actual, transactionApproval: { ...actual.transactionApproval, prepare: vi.fn(async () => ({ reviewed: true })), approve: vi.fn(async () => `0x${'e'.repeat(64)}`) } };
});
import { siteRevokeMethods } from './grantRevokes';
import { transactionApproval } from './transactions';
import { ACCOUNT, SITE, held } from './heldGrant.fixture';


/** The site's first revoke of `held`, the wallet's own record: sent, no receipt yet. */
const firstRevoke = async (): Promise<BatchRecord> => ({
  id: 'first', origin: SITE, chainId: '0x7a69', from: ACCOUNT, atomic: false, upgrade: false, gasLimits: ['0x5208'], state: 'sent', createdAt: 5,
  calls: [{ ...(await grantCode.revokeCall(held)), value: '0x0' }],
  transactions: [{ hash: `0x${'a'.repeat(64)}`, raw: '0x', nonce: 0, calls: [0], sent: true }],
});

const approveRevoke = siteRevokeMethods.wallet_revokeExecutionPermission.approval!.approve;

/** Approving `second` with `first` beside it, both the wallet's own records. */
function approvingSecond(first: BatchRecord, second: BatchRecord) {
  const services = {
    grantCode, approvals: { pending: async () => [] },
    grants: { list: async () => [held] },
    batches: fakeBatches([first, second]),
  } as unknown as Services;
  const record = { id: 'approval-2', type: 'sendTransaction', method: 'wallet_revokeExecutionPermission', origin: SITE, details: { batchId: 'second' } } as Parameters<typeof approveRevoke>[0];
  return approveRevoke(record, 'market', services as never);
}

describe('a site’s revoke asked again', () => {
  it('is refused while the wallet’s own revoke of that grant is on its way, though the grant was left unmarked', async () => {
    const first = await firstRevoke();
    const services = {
      grantCode, approvals: { pending: async () => [] },
      grants: { list: async () => [held] },
      batches: fakeBatches([first]),
    } as unknown as Services;
    const ctx = { origin: SITE, method: 'wallet_revokeExecutionPermission', replyTo: { tabId: 1, frameId: 0, origin: SITE, requestId: '2' }, services };
    const asked = await siteRevokeMethods.wallet_revokeExecutionPermission.parse([{ permissionContext: held.context }]);
    const ready = await asked.authorize(ctx as never, async () => ACCOUNT);
    await expect((ready as { prepare: () => Promise<unknown> }).prepare()).rejects.toMatchObject({ code: -32002 });
  });

  it('is not sent when approved after the first was sent: two asked at once were both reviewed (neither waited in the window yet), and the second, approved too, would land after the first and revert, its fee lost', async () => {
    const first = await firstRevoke();
    const second: BatchRecord = { ...first, id: 'second', state: 'approved', transactions: [] };
    await expect(approvingSecond(first, second)).rejects.toMatchObject({ code: -32002 });
    expect(transactionApproval.approve).not.toHaveBeenCalled();
  });

  it('is not sent when approved while the first, approved a moment before, is still being signed (nothing out yet): both passed, and the second landed after the first and reverted', async () => {
    const first: BatchRecord = { ...(await firstRevoke()), state: 'approved', transactions: [] };
    const second: BatchRecord = { ...first, id: 'second', state: 'awaiting-approval' };
    vi.mocked(transactionApproval.approve).mockClear();
    await expect(approvingSecond(first, second)).rejects.toMatchObject({ code: -32002 });
    expect(transactionApproval.approve).not.toHaveBeenCalled();
  });

  it('is sent once when two reviews of it are approved at once: both were checked before either was approved, and both were sent', async () => {
    const waiting: BatchRecord = { ...(await firstRevoke()), state: 'awaiting-approval', transactions: [] };
    const records = new Map([['first', waiting], ['second', { ...waiting, id: 'second' }]]);
    const services = {
      grantCode, approvals: { pending: async () => [] },
      grants: { list: async () => [held], markRevoked: async () => undefined },
      batches: fakeBatches(() => [...records.values()]),
    } as unknown as Services;
    // As sendBatch does: approved, then signed and sent.
    vi.mocked(transactionApproval.approve).mockClear().mockImplementation(async ({ details }) => {
      const batch = records.get(details.batchId)!;
      records.set(batch.id, { ...batch, state: 'approved' });
      await new Promise((resolve) => setTimeout(resolve, 5));
      records.set(batch.id, { ...batch, state: 'sent', transactions: [{ hash: `0x${'e'.repeat(64)}`, raw: '0x', nonce: 0, calls: [0], sent: true }] });
      return `0x${'e'.repeat(64)}`;
    });
    const approving = (batchId: string) => approveRevoke({ id: `approval-${batchId}`, type: 'sendTransaction', method: 'wallet_revokeExecutionPermission', origin: SITE, details: { batchId, from: ACCOUNT } } as Parameters<typeof approveRevoke>[0], 'market', services as never);
    const answers = await Promise.allSettled([approving('first'), approving('second')]);
    expect(transactionApproval.approve).toHaveBeenCalledOnce();
    expect(answers[1]).toMatchObject({ status: 'rejected', reason: { code: -32002 } });
    vi.mocked(transactionApproval.approve).mockImplementation(async () => `0x${'e'.repeat(64)}`);
  });

  it('is sent when approved again after a restart with its own transaction already out: the sending resumes, and the site hears it was sent', async () => {
    const first = await firstRevoke();
    const services = {
      grantCode, approvals: { pending: async () => [] },
      grants: { list: async () => [held], markRevoked: async () => undefined },
      batches: fakeBatches([first]),
    } as unknown as Services;
    const record = { id: 'approval-1', type: 'sendTransaction', method: 'wallet_revokeExecutionPermission', origin: SITE, details: { batchId: 'first' } } as Parameters<typeof approveRevoke>[0];
    await expect(approveRevoke(record, 'market', services as never)).resolves.toEqual({});
  });
});
