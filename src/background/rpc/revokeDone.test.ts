/**
 * A revoke approved once its grant is revoked already: the same revoke reviewed twice (two asked at once, a site's and
 * the popup's), the first confirmed before the second is approved. Sent, disableDelegation of a disabled delegation
 * reverts, its fee lost. What the node says of the grant is its claim: it refuses nothing.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { abiInterface } from '../abi/abiInterface';
import type { Hex } from '../../shared/params';
import * as grantCode from '../executionPermissions/grantCode';
import { fakeBatches } from '../batches/storeFake.fixture';
import type { BatchRecord, CallReceipt } from '../batches/types';
import type { Services } from '../services';

// The review and the send themselves (planning, fees, the node) are not what is looked at: a revoke let through is sent.
vi.mock('./transactions', async (original) => {
  const actual = await original<typeof import('./transactions')>();
  return { ...actual, transactionApproval: { ...actual.transactionApproval, approve: vi.fn(async () => `0x${'e'.repeat(64)}`) } };
});
import { siteRevokeMethods } from './grantRevokes';
import { transactionApproval } from './transactions';
import { ACCOUNT, SITE, held } from './heldGrant.fixture';


const receipt = (status: Hex): CallReceipt => ({ logs: [], status, blockHash: `0x${'b'.repeat(64)}`, blockNumber: '0x10', gasUsed: '0x5208', transactionHash: `0x${'a'.repeat(64)}` });

/** A revoke of `held` the wallet made: `id`, its transaction as given (none: approved, not sent yet). */
const revoke = async (id: string, transactions: BatchRecord['transactions'], createdAt = 5): Promise<BatchRecord> => ({
  id, origin: SITE, chainId: '0x7a69', from: ACCOUNT, atomic: false, upgrade: false, gasLimits: ['0x5208'], state: transactions.length > 0 ? 'sent' : 'approved', createdAt,
  calls: [{ ...(await grantCode.revokeCall(held)), value: '0x0' }], transactions,
});

/** A node whose DelegationManager says the grant is `disabled`. */
const nodeSaying = (disabled: boolean) => async <T>(method: string): Promise<T> => {
  if (method !== 'eth_call') throw new Error(`not asked: ${method}`);
  return (await abiInterface(['function disabledDelegations(bytes32) view returns (bool)'])()).encodeFunctionResult('disabledDelegations', [disabled]) as T;
};

const approveRevoke = siteRevokeMethods.wallet_revokeExecutionPermission.approval!.approve;

function approving(records: BatchRecord[], disabled: boolean, id = 'second', planted: string[] = []) {
  const services = {
    grantCode, approvals: { pending: async () => [] },
    grants: { list: async () => [held], markRevoked: async () => undefined },
    batches: fakeBatches(records, (b) => planted.includes(b.id)),
    nodeFor: async () => nodeSaying(disabled),
  } as unknown as Services;
  const record = { id: 'approval', type: 'sendTransaction', method: 'wallet_revokeExecutionPermission', origin: SITE, details: { batchId: id } } as Parameters<typeof approveRevoke>[0];
  return approveRevoke(record, 'market', services as never);
}

describe('a revoke of a grant already revoked', () => {
  beforeEach(() => vi.mocked(transactionApproval.approve).mockClear());

  it('is not sent when the same revoke, reviewed beside it, confirmed before it was approved: it would revert, its fee lost', async () => {
    const first = await revoke('first', [{ hash: `0x${'a'.repeat(64)}`, raw: '0x', nonce: 0, calls: [0], sent: true, receipt: receipt('0x1') }]);
    await expect(approving([first, await revoke('second', [], 6)], false)).rejects.toMatchObject({ code: -32602, message: expect.stringMatching(/already revoked/) });
    expect(transactionApproval.approve).not.toHaveBeenCalled();
  });

  it('is sent when the revoke on record as confirmed was planted (storage.local, a content script on Firefox): only the wallet\'s own refuse', async () => {
    const first = await revoke('first', [{ hash: `0x${'a'.repeat(64)}`, raw: '0x', nonce: 0, calls: [0], sent: true, receipt: receipt('0x1') }]);
    await expect(approving([first, await revoke('second', [], 6)], false, 'second', ['first'])).resolves.toEqual({});
    expect(transactionApproval.approve).toHaveBeenCalledOnce();
  });

  it('is sent when only the node says the grant is disabled: a lying node would have the user told "already revoked" of a grant in force', async () => {
    await expect(approving([await revoke('second', [], 6)], true)).resolves.toEqual({});
    expect(transactionApproval.approve).toHaveBeenCalledOnce();
  });

  it('is sent when the first reverted and the chain has the grant in force', async () => {
    const first = await revoke('first', [{ hash: `0x${'a'.repeat(64)}`, raw: '0x', nonce: 0, calls: [0], sent: true, receipt: receipt('0x0') }]);
    await expect(approving([first, await revoke('second', [], 6)], false)).resolves.toEqual({});
    expect(transactionApproval.approve).toHaveBeenCalledOnce();
  });

  it('resumes when approved again after a restart with its own transaction out and confirmed: the site hears it was sent', async () => {
    const own = await revoke('second', [{ hash: `0x${'a'.repeat(64)}`, raw: '0x', nonce: 0, calls: [0], sent: true, receipt: receipt('0x1') }]);
    await expect(approving([own], true)).resolves.toEqual({});
  });
});
