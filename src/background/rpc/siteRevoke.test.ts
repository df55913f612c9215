/** A site's wallet_revokeExecutionPermission approved: its answer once the revoke is sent. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Hex } from '../../shared/params';
import * as grantCode from '../executionPermissions/grantCode';
import type { ApprovalRecord } from '../approvals/types';
import { fakeBatches } from '../batches/storeFake.fixture';
import type { BatchRecord } from '../batches/types';
import { frameworkOn } from '../executionPermissions/framework';
import { memoryGrantRecordStore, type GrantRecord } from '../executionPermissions/store';
import type { Services } from '../services';

// A transaction approved is sent: here, at once, as this hash.
vi.mock('../batches/run', async (original) => ({ ...(await original<object>()), sendBatch: vi.fn(async () => ({ transactions: [{ hash: '0xab' }] })) }));
import { approvalSpecOf } from './pipeline';

const ACCOUNT: Hex = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const SITE = 'https://dapp.example';
const siteRevoke = {
  id: 'r', type: 'sendTransaction', method: 'wallet_revokeExecutionPermission', origin: SITE, createdAt: 0,
  replyTo: { tabId: 1, frameId: 0, origin: SITE, requestId: '1' }, details: { batchId: 'b', from: ACCOUNT, call: {} },
} as unknown as ApprovalRecord;
const held = {
  origin: SITE, chainId: '0x7a69', from: ACCOUNT, context: '0xc0', id: `0x${'1'.repeat(64)}`, grantedAt: 1, delegationManager: frameworkOn(31337)!.delegationManager,
  delegation: { delegate: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', delegator: ACCOUNT, authority: `0x${'f'.repeat(64)}`, caveats: [], salt: '0x1', signature: '0x1234' },
} as unknown as GrantRecord;

/** The services of a site's revoke of `held`, sent, whose grants are marked by `markRevoked`. */
async function revoking(markRevoked: () => Promise<void>): Promise<Services> {
  const batch = { id: 'b', origin: SITE, from: ACCOUNT, chainId: '0x7a69', calls: [{ ...(await grantCode.revokeCall(held)), value: '0x0' }], createdAt: 5, transactions: [] } as unknown as BatchRecord;
  return {
    grantCode, deviceSigning: { placeSigned: async () => undefined },
    batches: fakeBatches([batch]),
    grants: { list: async () => [held], markRevoked, nonceStore: memoryGrantRecordStore() },
  } as unknown as Services;
}

afterEach(() => void vi.restoreAllMocks());

describe('a site’s revoke approved (wallet_revokeExecutionPermission)', () => {
  it('answers the site as sent once its grant is marked revoked', async () => {
    const marked: Hex[] = [];
    const services = await revoking(async (...args: unknown[]) => void marked.push(args[0] as Hex));
    expect(await approvalSpecOf(siteRevoke)!.approve(siteRevoke, 'market', services)).toEqual({});
    expect(marked).toEqual([held.id]);
  });

  it('answers the site as sent though marking its grant then fails, the failure warned: the revoke is on its way, and an error would have the site send it again', async () => {
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const services = await revoking(async () => { throw new Error('QuotaExceededError: the grants could not be written'); });
    expect(await approvalSpecOf(siteRevoke)!.approve(siteRevoke, 'market', services)).toEqual({});
    expect(warned).toHaveBeenCalledWith(expect.stringMatching(/revoke/), expect.stringMatching(/QuotaExceededError/));
  });
});
