/** The popup's Revoke and Revoke all refused on Approve: why is kept for Permissions (../pages/revokeRefusals.ts). */
import { AbiCoder } from 'ethers';
import { describe, expect, it, vi } from 'vitest';
import type { Hex } from '../../shared/params';
import * as grantCode from '../executionPermissions/grantCode';
import type { ApprovalRecord } from '../approvals/types';
import { fakeBatches } from '../batches/storeFake.fixture';
import type { BatchRecord } from '../batches/types';
import { frameworkOn } from '../executionPermissions/framework';
import { memoryGrantRecordStore, type GrantRecord } from '../executionPermissions/store';
import type { SessionSchema } from '../schema';
import type { Services } from '../services';
import { memoryBackend, typedStorage } from '../storage/typedStorage';

// A transaction approved is sent: here, at once, as this hash.
vi.mock('../batches/run', async (original) => ({ ...(await original<object>()), sendBatch: vi.fn(async () => ({ transactions: [{ hash: '0xab' }] })) }));
import { approvalSpecOf } from './pipeline';

/** A node that says the account's grant nonce is `nonce`. */
const nodeSaying = (nonce: bigint) => async () => AbiCoder.defaultAbiCoder().encode(['uint256'], [nonce]);

const ACCOUNT: Hex = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const WALLET = 'chrome-extension://wallet';
const OTHER = '0x0000000000000000000000000000000000000001';
/** The popup's wallet_revokeGrants, approved: the wallet's own request (no tab). */
const popupRevoke = {
  id: 'r', type: 'sendTransaction', method: 'wallet_revokeGrants', origin: WALLET, createdAt: 0,
  replyTo: { tabId: -1, frameId: 0, origin: WALLET, requestId: '' }, details: { batchId: 'b', from: ACCOUNT, call: {} },
} as unknown as ApprovalRecord;
const held = {
  origin: 'https://dapp.example', chainId: '0x7a69', from: ACCOUNT, context: '0xc0', id: `0x${'1'.repeat(64)}`, grantedAt: 1, delegationManager: frameworkOn(31337)!.delegationManager,
  delegation: { delegate: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', delegator: ACCOUNT, authority: `0x${'f'.repeat(64)}`, caveats: [], salt: '0x1', signature: '0x1234' },
} as unknown as GrantRecord;

describe('the popup’s revoke refused on Approve', () => {
  it('keeps why it refused a Revoke all on Approve for Permissions to say, in words, and forgets it once a revoke of the popup is sent', async () => {
    const session = typedStorage<Partial<SessionSchema>>(memoryBackend(), { revokeRefusals: {} });
    const nonceStore = memoryGrantRecordStore();
    await nonceStore.saveNonces({ [`31337:${ACCOUNT.toLowerCase()}`]: { reached: '0', signed: '1' } });
    let batch = { id: 'b', origin: WALLET, from: ACCOUNT, chainId: '0x7a69', calls: [{ ...(await grantCode.revokeAllCall('0x7a69')), value: '0x0' }], createdAt: 5, transactions: [] } as unknown as BatchRecord;
    const services = {
      grantCode, revokeRefusals: session, deviceSigning: { placeSigned: async () => undefined },
      batches: { ...fakeBatches(() => [batch]), remove: async () => undefined },
      grants: { list: async () => [held], markRevoked: async () => undefined, nonceStore }, nodeFor: async () => nodeSaying(0n),
    } as unknown as Services;
    // Another account's refusal, or this one's on another chain, is its own: neither is replaced nor cleared here.
    const others = { [`0x7a69:${OTHER}`]: { code: -32002, message: 'refused' }, [`0x1:${ACCOUNT.toLowerCase()}`]: { code: -32002, message: 'refused' } };
    await session.set('revokeRefusals', others);
    await expect(approvalSpecOf(popupRevoke)!.approve(popupRevoke, 'market', services)).rejects.toMatchObject({ code: -32002 });
    expect(await session.get('revokeRefusals')).toEqual({
      ...others,
      [`0x7a69:${ACCOUNT.toLowerCase()}`]: { code: -32002, message: expect.stringMatching(/click Revoke all again/), data: { words: { key: 'errors_revokeAllOutrun', values: { address: ACCOUNT, asked: '1', needs: '2' } } } },
    });
    // The user revokes that grant alone.
    batch = { ...batch, calls: [{ ...(await grantCode.revokeCall(held)), value: '0x0' }] };
    expect(await approvalSpecOf(popupRevoke)!.approve(popupRevoke, 'market', services)).toBe('0xab');
    expect(await session.get('revokeRefusals')).toEqual(others);
  });

  it('keeps no refusal once the revoke was sent, though marking its grant revoked then fails: the revoke is on its way', async () => {
    const session = typedStorage<Partial<SessionSchema>>(memoryBackend(), { revokeRefusals: {} });
    const batch = { id: 'b', origin: WALLET, from: ACCOUNT, chainId: '0x7a69', calls: [{ ...(await grantCode.revokeCall(held)), value: '0x0' }], createdAt: 5, transactions: [] } as unknown as BatchRecord;
    const full = new Error('QuotaExceededError: the grants could not be written');
    const services = {
      grantCode, revokeRefusals: session, deviceSigning: { placeSigned: async () => undefined },
      batches: fakeBatches([batch]),
      grants: { list: async () => [held], markRevoked: async () => { throw full; }, nonceStore: memoryGrantRecordStore() },
    } as unknown as Services;
    // An earlier refusal of this account's revoke on this chain: a revoke of it is now sent.
    await session.set('revokeRefusals', { [`0x7a69:${ACCOUNT.toLowerCase()}`]: { code: -32002, message: 'refused' } });
    // The local failure is still the approval's answer; it is not said as the revoke's refusal.
    await expect(approvalSpecOf(popupRevoke)!.approve(popupRevoke, 'market', services)).rejects.toBe(full);
    expect(await session.get('revokeRefusals')).toEqual({});
  });

  it('keeps the refusal of a revoke whose record was altered outside the wallet, on the chain the record names: Permissions says why nothing was sent', async () => {
    const session = typedStorage<Partial<SessionSchema>>(memoryBackend(), { revokeRefusals: {} });
    const batch = { id: 'b', origin: WALLET, from: ACCOUNT, chainId: '0x7a69', calls: [{ ...(await grantCode.revokeCall(held)), value: '0x0' }], createdAt: 5, transactions: [] } as unknown as BatchRecord;
    const services = {
      grantCode, revokeRefusals: session, batches: fakeBatches([batch], () => true),
      grants: { list: async () => [held], markRevoked: async () => undefined, nonceStore: memoryGrantRecordStore() },
    } as unknown as Services;
    await expect(approvalSpecOf(popupRevoke)!.approve(popupRevoke, 'market', services)).rejects.toThrow(/altered outside the wallet/);
    expect(await session.get('revokeRefusals')).toEqual({ [`0x7a69:${ACCOUNT.toLowerCase()}`]: expect.objectContaining({ data: { words: { key: 'errors_batchAltered' } } }) });
  });
});
