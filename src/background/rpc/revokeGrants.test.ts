/** The popup's Revoke and Revoke all (wallet_revokeGrants): what is marked once sent, Revoke all's increments reviewed and named, a second click refused. */
import { AbiCoder } from 'ethers';
import { describe, expect, it, vi } from 'vitest';
import type { Hex } from '../../shared/params';
import * as grantCode from '../executionPermissions/grantCode';
import type { ApprovalRecord } from '../approvals/types';
import { memoryGrantRecordStore, type GrantRecord } from '../executionPermissions/store';
import type { Services } from '../services';
import { frameworkOn } from '../executionPermissions/framework';
import { connectedSite } from './connectedSite.fixture';
import { DELEGATOR_V08, delegationCode } from '../../shared/contracts';
import type { ChainNode } from '../networks/rpcClient';
import { DELEGATE_CODE } from '../batches/delegates';
import { fakeBatches } from '../batches/storeFake.fixture';
import type { BatchRecord } from '../batches/types';
import { revokeAllCalls } from '../executionPermissions/nonce';
import type { SendTransactionDetails } from '../../shared/approvals/transaction';
import { transactionApproval } from './transactions';

// A transaction approved is sent: here, at once, as this hash.
vi.mock('../batches/run', async (original) => ({ ...(await original<object>()), sendBatch: vi.fn(async () => ({ transactions: [{ hash: '0xab' }] })) }));
import { approvalSpecOf, askAsWallet, runRequest } from './pipeline';
import { sendBatch } from '../batches/run';

/** A node that says the account's grant nonce is `nonce`. */
const nodeSaying = (nonce: bigint) => async () => AbiCoder.defaultAbiCoder().encode(['uint256'], [nonce]);

const ACCOUNT: Hex = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const SITE = 'https://dapp.example';
const CONTEXT: Hex = '0xc0';
const grant = { origin: SITE, chainId: '0x7a69', from: ACCOUNT, context: CONTEXT } as Partial<GrantRecord>;

const WALLET = 'chrome-extension://wallet';
/** Where a refusal would be kept for Permissions (revokeRefusals.test.ts). */
const noRefusals = { update: async () => undefined };
const SITE_TOKEN: Hex = '0x00000000000000000000000000000000000000cc';
/** The popup's wallet_revokeGrants, approved: the wallet's own request (no tab). */
const popupRevoke = {
  id: 'r', type: 'sendTransaction', method: 'wallet_revokeGrants', origin: WALLET, createdAt: 0,
  replyTo: { tabId: -1, frameId: 0, origin: WALLET, requestId: '' }, details: { batchId: 'b', from: ACCOUNT, call: {} },
} as unknown as ApprovalRecord;

describe('the popup’s Revoke (wallet_revokeGrants)', () => {
  const held = {
    ...grant, id: `0x${'1'.repeat(64)}`, grantedAt: 1, delegationManager: frameworkOn(31337)!.delegationManager,
    delegation: { delegate: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', delegator: ACCOUNT, authority: `0x${'f'.repeat(64)}`, caveats: [], salt: '0x1', signature: '0x1234' },
  } as GrantRecord;

  it('marks the grant its call revokes once the transaction is sent, not before, naming the revoke: only the wallet’s own revokes say whether it went through (revoked.ts)', async () => {
    const call = await grantCode.revokeCall(held);
    const marked: unknown[][] = [];
    const services = {
      grantCode, revokeRefusals: noRefusals, deviceSigning: { placeSigned: async () => undefined },
      batches: fakeBatches([{ id: 'b', origin: WALLET, from: ACCOUNT, chainId: '0x7a69', calls: [{ ...call, value: '0x0' }], createdAt: 5, transactions: [] } as unknown as BatchRecord]),
      grants: { list: async () => [held], markRevoked: async (...args: unknown[]) => void marked.push(args), nonceStore: memoryGrantRecordStore() },
    } as unknown as Services;
    const record = popupRevoke;
    expect(await approvalSpecOf(record)!.approve(record, 'market', services)).toBe('0xab');
    expect(marked).toEqual([[held.id, expect.any(Number), { origin: WALLET, batchId: 'b', createdAt: 5 }]]);
  });

  it('keeps an approved Revoke all as sent, which Revoke all counts on once its receipt shows the increments', async () => {
    const nonceStore = memoryGrantRecordStore();
    const batch = { id: 'b', origin: WALLET, from: ACCOUNT, chainId: '0x7a69', calls: [{ ...(await grantCode.revokeAllCall('0x7a69')), value: '0x0' }], createdAt: 5, transactions: [] } as unknown as BatchRecord;
    const services = {
      grantCode, revokeRefusals: noRefusals, deviceSigning: { placeSigned: async () => undefined },
      batches: fakeBatches([batch]),
      grants: { list: async () => [held], markRevoked: async () => undefined, nonceStore }, nodeFor: async () => nodeSaying(0n),
    } as unknown as Services;
    await approvalSpecOf(popupRevoke)!.approve(popupRevoke, 'market', services);
    expect(Object.values((await nonceStore.loadNonces())!)).toEqual([{ reached: '0', sent: { origin: WALLET, batchId: 'b' } }]);
  });

  it('sends no Revoke all once a grant was signed past where it stops while it waited (a node overstated the nonce): that grant would wake', async () => {
    const nonceStore = memoryGrantRecordStore();
    // Planned as one increment at nonce 0; a grant approved meanwhile was signed at 1, where the node said the nonce was.
    await nonceStore.saveNonces({ [`31337:${ACCOUNT.toLowerCase()}`]: { reached: '0', signed: '1' } });
    const batch = { id: 'b', origin: WALLET, from: ACCOUNT, chainId: '0x7a69', calls: [{ ...(await grantCode.revokeAllCall('0x7a69')), value: '0x0' }], createdAt: 5, transactions: [] } as unknown as BatchRecord;
    const removed: string[] = [];
    const services = {
      grantCode, revokeRefusals: noRefusals, deviceSigning: { placeSigned: async () => undefined },
      batches: { ...fakeBatches([batch]), remove: async (_o: string, id: string) => void removed.push(id) },
      grants: { list: async () => [held], markRevoked: async () => undefined, nonceStore }, nodeFor: async () => nodeSaying(0n),
    } as unknown as Services;
    vi.mocked(sendBatch).mockClear();
    await expect(approvalSpecOf(popupRevoke)!.approve(popupRevoke, 'market', services)).rejects.toMatchObject({ code: -32002, message: expect.stringMatching(/click Revoke all again/) });
    expect(sendBatch).not.toHaveBeenCalled();
    expect(removed).toEqual(['b']);
  });

  it('marks nothing from a batch record altered outside the wallet once sent: a Firefox content script could make one revoke read as Revoke all', async () => {
    const other = { ...held, id: `0x${'2'.repeat(64)}`, delegation: { ...held.delegation, salt: '0x2', signature: '0x5678' } } as GrantRecord;
    const marked: string[] = [];
    // The call sent revoked `held` alone; storage.local now says the batch raised the account's nonce (Revoke all).
    const altered = { id: 'b', origin: WALLET, from: ACCOUNT, chainId: '0x7a69', calls: [{ ...(await grantCode.revokeAllCall('0x7a69')), value: '0x0' }], createdAt: 5, transactions: [] } as unknown as BatchRecord;
    // Altered once sent: before, the approval's own checks refuse a record the wallet did not write.
    const sends = vi.mocked(sendBatch).mock.calls.length;
    const services = {
      grantCode, revokeRefusals: noRefusals, deviceSigning: { placeSigned: async () => undefined },
      batches: fakeBatches(() => (vi.mocked(sendBatch).mock.calls.length > sends ? [altered] : []), (batch) => batch === altered),
      grants: { list: async () => [held, other], markRevoked: async (id: string) => void marked.push(id) },
    } as unknown as Services;
    const record = popupRevoke;
    expect(await approvalSpecOf(record)!.approve(record, 'market', services)).toBe('0xab');
    expect(marked).toEqual([]);
  });

  it('reviews a Revoke all of several increments, the account’s own DeleGator batch of them: it is no hidden call into the account', async () => {
    const deleGator = (async () => delegationCode(DELEGATOR_V08)) as unknown as ChainNode;
    const call = await revokeAllCalls(deleGator, { account: ACCOUNT, chainId: '0x7a69', increments: 3n });
    expect(call.to).toBe(ACCOUNT);
    const { services } = await connectedSite(SITE, ACCOUNT, {
      grantCode, networks: { selected: async () => ({ chainId: '0x7a69' }) }, batches: fakeBatches([]),
      // Past the rules on the call, the review asks the node: reached, the call was let through.
      nodeFor: async () => { throw new Error('the review went on'); },
    });
    const ctx = { origin: WALLET, method: 'wallet_revokeGrants', services, account: ACCOUNT, replyTo: { tabId: -1, frameId: 0, origin: WALLET, requestId: '' } };
    await expect(askAsWallet('wallet_revokeGrants', [{ from: ACCOUNT, chainId: '0x7a69', value: '0x0', ...call }], ctx)).rejects.toThrow('the review went on');
  });

  it('says on its screen that it is Revoke all, and how many increments its one transaction makes', async () => {
    const deleGator = (async () => delegationCode(DELEGATOR_V08)) as unknown as ChainNode;
    const prepare = vi.spyOn(transactionApproval, 'prepare').mockResolvedValue({ batchId: 'b' } as SendTransactionDetails);
    const { services } = await connectedSite(SITE, ACCOUNT, { grantCode, networks: { selected: async () => ({ chainId: '0x7a69' }) }, batches: fakeBatches([]) });
    const ctx = { origin: WALLET, method: 'wallet_revokeGrants', services, account: ACCOUNT, replyTo: { tabId: -1, frameId: 0, origin: WALLET, requestId: '' } };
    const shown: unknown[] = [];
    services.approvals.request = (async (_type: string, _asker: unknown, details: unknown) => (shown.push(details), { id: 'queued' })) as unknown as typeof services.approvals.request;
    const ask = async (call: { to: Hex; data: Hex }) => {
      await askAsWallet('wallet_revokeGrants', [{ from: ACCOUNT, chainId: '0x7a69', value: '0x0', ...call }], ctx);
      return shown.at(-1);
    };
    try {
      expect(await ask(await revokeAllCalls(deleGator, { account: ACCOUNT, chainId: '0x7a69', increments: 3n }))).toEqual({ batchId: 'b', revokeAll: { increments: 3 } });
      expect(prepare).toHaveBeenLastCalledWith(expect.anything(), expect.anything(), true);
      expect(await ask(await grantCode.revokeAllCall('0x7a69'))).toEqual({ batchId: 'b', revokeAll: { increments: 1 } });
      expect(await ask({ to: SITE_TOKEN, data: '0x' })).toEqual({ batchId: 'b' });
    } finally {
      prepare.mockRestore();
    }
  });

  it('still refuses a call into the account that is not Revoke all: one increment among other calls, or a site’s', async () => {
    const deleGator = (async () => delegationCode(DELEGATOR_V08)) as unknown as ChainNode;
    const [one] = [await grantCode.revokeAllCall('0x7a69')];
    const mixed = { to: ACCOUNT, data: await DELEGATE_CODE.deleGator.encodeBatch([{ ...one, value: '0x0' }, { to: SITE_TOKEN, data: '0x095ea7b3', value: '0x0' }]) };
    const { services } = await connectedSite(SITE, ACCOUNT, { grantCode, networks: { selected: async () => ({ chainId: '0x7a69' }) }, batches: fakeBatches([]), nodeFor: async () => deleGator });
    const ctx = { origin: WALLET, method: 'wallet_revokeGrants', services, account: ACCOUNT, replyTo: { tabId: -1, frameId: 0, origin: WALLET, requestId: '' } };
    await expect(askAsWallet('wallet_revokeGrants', [{ from: ACCOUNT, chainId: '0x7a69', value: '0x0', ...mixed }], ctx)).rejects.toMatchObject({ code: -32602, message: expect.stringMatching(/sending account itself/) });
    const call = await revokeAllCalls(deleGator, { account: ACCOUNT, chainId: '0x7a69', increments: 2n });
    const site = { ...ctx, origin: SITE, method: 'eth_sendTransaction', replyTo: { tabId: 1, frameId: 0, origin: SITE, requestId: '1' } };
    expect(await runRequest({ method: 'eth_sendTransaction', params: [{ from: ACCOUNT, ...call }] }, { ...site, services })).toEqual({ error: expect.objectContaining({ code: -32602, message: expect.stringMatching(/sending account itself/) }) });
  });

  it('is -32002, nobody asked, while the popup’s revoke of the same call from the same account and chain waits: a second click’s review, approved after the first, would revert its fee lost', async () => {
    const call = { ...(await grantCode.revokeCall(held)), value: '0x0' };
    const { services, asked } = await connectedSite(SITE, ACCOUNT, {
      grantCode, networks: { selected: async () => ({ chainId: '0x7a69' }) },
      batches: fakeBatches([{ id: 'first', origin: WALLET, from: ACCOUNT, chainId: '0x7a69', calls: [call], transactions: [] } as unknown as BatchRecord]),
    });
    services.approvals.pending = async () => [{ origin: WALLET, method: 'wallet_revokeGrants', details: { batchId: 'first' } }] as ApprovalRecord[];
    const ctx = { origin: WALLET, method: 'wallet_revokeGrants', services, account: ACCOUNT, replyTo: { tabId: -1, frameId: 0, origin: WALLET, requestId: '' } };
    await expect(askAsWallet('wallet_revokeGrants', [{ from: ACCOUNT, chainId: '0x7a69', ...call }], ctx)).rejects.toMatchObject({ code: -32002, message: expect.stringMatching(/already waits for your answer/) });
    expect(asked).toEqual([]);
  });
});
