/** The grant store's tests' grants, a store of them, and the wallet's revokes of them as the batch store tells them. */
import { grantsCode, noRevokeRecords } from './grantsCode.fixture';
import type { Hex } from '../../shared/params';
import { createGrants, memoryGrantRecordStore, type GrantRecord, type Grants } from './store';
import type { BatchRecord } from '../batches/types';

/** With no record of any revoke (Activity's history dropped them): a revoke counts by the outcome written on it. */
export const noRevokes = noRevokeRecords;

export const grant = (n: number, origin = 'https://a.example'): GrantRecord => ({
  id: `0x${n.toString(16).padStart(64, '0')}`, origin, chainId: '0x1', from: '0x0000000000000000000000000000000000000001', to: '0x0000000000000000000000000000000000000002',
  permission: { type: 'native-token-allowance', isAdjustmentAllowed: false, data: { allowanceAmount: '0x1', startTime: 1, justification: '' } }, rules: [],
  token: { symbol: 'ETH', decimals: 18 }, delegationManager: '0x0000000000000000000000000000000000000003', context: '0x', grantedAt: n,
  delegation: { delegate: '0x0000000000000000000000000000000000000002', delegator: '0x0000000000000000000000000000000000000001', authority: '0x', caveats: [], salt: '0x1', signature: '0x' },
});

export const fresh = () => createGrants(memoryGrantRecordStore(), Promise.resolve(), grantsCode, noRevokes);
/** The wallet's revoke `batchId`, as its approval names it once sent: with when its batch was made (sentBatch's 10). */
export const sentAs = (batchId: string) => ({ origin: 'wallet', batchId, createdAt: 10 });
/** The record of the wallet's revoke `id`, sent and included with receipt status `status`. */
export const sentBatch = (id: string, status: Hex): BatchRecord => ({
  id, origin: 'wallet', chainId: '0x1', from: '0x0000000000000000000000000000000000000001', atomic: false, upgrade: false, gasLimits: ['0x5208'], state: 'sent', createdAt: 10,
  calls: [{ to: '0x0000000000000000000000000000000000000003', data: '0x', value: '0x0' }],
  transactions: [{ hash: `0x${'a'.repeat(64)}`, raw: '0x', nonce: 0, calls: [0], sent: true, receipt: { status, logs: [], blockHash: `0x${'b'.repeat(64)}`, blockNumber: '0x5', gasUsed: '0x5208', transactionHash: `0x${'a'.repeat(64)}` } }],
});
/** The grant `id` marked revoked by the wallet's revoke `batchId`, which then landed (the batch store tells the grants). */
export const revokeLanded = async (grants: Grants, id: Hex, batchId: string, at = 5) => {
  await grants.markRevoked(id, at, sentAs(batchId));
  await grants.revokeDecided(sentBatch(batchId, '0x1'));
};
