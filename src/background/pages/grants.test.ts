/** Permissions (getGrants): whether a grant is revoked is what the chain says now, never a claim kept from before. */
import { AbiCoder } from 'ethers';
import { describe, expect, it, vi } from 'vitest';
import type { Hex } from '../../shared/params';
import type { BatchRecord, BatchTransaction, CallReceipt } from '../batches/types';
import { revokeCall } from '../executionPermissions/onChain';
import { frameworkOn } from '../executionPermissions/framework';
import { grantsCode, noRevokeRecords } from '../executionPermissions/grantsCode.fixture';
import type { GrantRecord } from '../executionPermissions/store';
import { createGrants, memoryGrantRecordStore } from '../executionPermissions/store';
import type { ChainNode } from '../networks/rpcClient';
import { DELEGATOR_V08, delegationCode } from '../../shared/contracts';
import { deleGatorCalls } from '../batches/delegates';
import * as grantCodeModules from '../executionPermissions/grantCode';
import type { Services } from '../services';
import { grantPages } from './grants';
import { askUser } from './send';
import { memoryBackend, typedStorage } from '../storage/typedStorage';
import type { SessionSchema } from '../schema';
import { REVOKE_REFUSAL_DEFAULTS } from './revokeRefusalSlice';

// Resolves as the real one does: once the review is queued and its window open, long before the user answers it.
vi.mock('./send', () => ({ askUser: vi.fn(async () => null) }));
import type { PageContext } from './types';

const ONE = '0x0000000000000000000000000000000000000001';
const record: GrantRecord = {
  id: `0x${'1'.repeat(64)}`, origin: 'https://a.example', chainId: '0x7a69', from: ONE, to: '0x0000000000000000000000000000000000000002',
  permission: { type: 'native-token-allowance', isAdjustmentAllowed: false, data: { allowanceAmount: '0xa', startTime: 1, justification: '' } }, rules: [],
  token: { symbol: 'ETH', decimals: 18 }, delegationManager: '0x0000000000000000000000000000000000000003', context: '0x', grantedAt: 1,
  delegation: { delegate: '0x0000000000000000000000000000000000000002', delegator: ONE, authority: `0x${'f'.repeat(64)}`, caveats: [{ enforcer: '0x0000000000000000000000000000000000000004', terms: '0x', args: '0x' }], salt: '0x1', signature: '0x' },
};

// On the devnet's own DelegationManager: revokeCall refuses any other.
const mine = { ...record, delegationManager: frameworkOn(31337)!.delegationManager };
const receipt = (status: Hex): CallReceipt => ({ status, logs: [], blockHash: `0x${'b'.repeat(64)}`, blockNumber: '0x5', gasUsed: '0x5208', transactionHash: `0x${'a'.repeat(64)}` });
/** The wallet's revoke `r` of `mine`, sent: `transaction` says how it stands. */
const revokeBatch = async (transaction: Partial<BatchTransaction>): Promise<BatchRecord> => ({
  id: 'r', origin: 'wallet', chainId: '0x7a69', from: ONE, atomic: false, upgrade: false, gasLimits: ['0x5208'], state: 'sent', createdAt: 10,
  calls: [{ value: '0x0', ...(await revokeCall(mine)) }],
  transactions: [{ hash: `0x${'a'.repeat(64)}`, raw: '0x', nonce: 0, calls: [0], sent: true, ...transaction }],
});

/** A node that answers disabledDelegations with `chain.disabled`, and that 4 of 10 are available in the period. */
function permissionsPage() {
  const chain = { disabled: false };
  const coder = AbiCoder.defaultAbiCoder();
  // Both records' DelegationManagers: `mine`'s disabledDelegations was answered with the enforcer's three words, read as
  // true by their first until the answer had to be a bool's exact encoding.
  const managers = [record.delegationManager, mine.delegationManager];
  const node = (async (_method: string, [{ to }]: [{ to: string }]) =>
    managers.includes(to as Hex) ? coder.encode(['bool'], [chain.disabled]) : coder.encode(['uint256', 'bool', 'uint256'], [4n, false, 1n])) as unknown as ChainNode;
  const grants = createGrants(memoryGrantRecordStore(), Promise.resolve(), grantsCode, noRevokeRecords);
  // The grants' code as the later script gives it (services.grantCode), here the modules themselves.
  const batches: BatchRecord[] = [];
  const session = typedStorage<Partial<SessionSchema>>(memoryBackend(), REVOKE_REFUSAL_DEFAULTS);
  const authentic = vi.fn(async (_batch: BatchRecord) => true);
  const services = {
    grants, grantCode: { revokeCall }, nodeFor: async () => node, networks: { find: async () => ({ name: 'Devnet' }) },
    batches: { all: async () => batches, authentic }, revokeRefusals: session,
  } as unknown as Services;
  const list = () => grantPages.getGrants.handle({}, { services } as PageContext);
  return { chain, grants, batches, list, authentic, session };
}

describe('getGrants', () => {
  it('shows a grant revoked while the node says it is disabled, and in force again once it says otherwise: a node’s word is not kept', async () => {
    const { chain, grants, list } = permissionsPage();
    await grants.add(record);
    chain.disabled = true;
    expect(await list()).toMatchObject([{ revoked: true }]);
    chain.disabled = false;
    expect(await list()).toMatchObject([{ revoked: false, spent: '6' }]);
    expect((await grants.find(record.id))?.revokedAt).toBeUndefined();
  });

  it('shows a grant whose revoke was sent but the chain lacks (pending, or reverted, replaced, dropped on a node behind) as in force, its revoke sent', async () => {
    const { grants, batches, list } = permissionsPage();
    await grants.add(record);
    await grants.markRevoked(record.id, 5, { origin: 'wallet', batchId: 'r' });
    batches.push(await revokeBatch({}));
    expect(await list()).toMatchObject([{ revoked: false, revokeSent: true }]);
  });
});

describe('getGrants after the wallet refused the popup’s revoke on Approve', () => {
  const refusal = { code: -32002, message: 'A grant was signed …; click Revoke all again', data: { words: { key: 'errors_revokeAllOutrun' as const } } };

  it('says why on each grant of that account, none of another’s: no page heard it, the popup closed as the window opened', async () => {
    const { grants, list, session } = permissionsPage();
    const other = { ...record, id: `0x${'2'.repeat(64)}` as Hex, from: '0x00000000000000000000000000000000000000Bb' as Hex };
    // The same account's grant on another chain: that chain's Revoke all was not refused.
    const elsewhere = { ...record, id: `0x${'3'.repeat(64)}` as Hex, chainId: '0x1' as Hex };
    await grants.add(record, other, elsewhere);
    await session.set('revokeRefusals', { '0x7a69:0x0000000000000000000000000000000000000001': refusal });
    const none = expect.not.objectContaining({ revokeRefused: expect.anything() });
    expect(await list()).toEqual([expect.objectContaining({ id: record.id, revokeRefused: refusal }), none, none]);
    await session.set('revokeRefusals', {});
    expect(await list()).toEqual([none, none, none]);
  });
});

describe('getGrants after the wallet\'s own revoke', () => {
  it('offers Revoke again once that revoke reverted, whatever the node says: the wallet knows its revoke did nothing', async () => {
    const { chain, grants, batches, list } = permissionsPage();
    await grants.add(mine);
    await grants.markRevoked(mine.id, 11, { origin: 'wallet', batchId: 'r' });
    chain.disabled = true;
    batches.push(await revokeBatch({ receipt: receipt('0x0') }));
    expect(await list()).toMatchObject([{ revoked: true, revokeSent: false }]);
  });

  it('keeps it sent beside a record of a failed revoke that is not the wallet\'s own (planted in storage.local) once the wallet wrote that its revoke landed; with nothing written, the planted record says nothing either way', async () => {
    const { chain, grants, batches, list, authentic } = permissionsPage();
    await grants.add(mine);
    await grants.markRevoked(mine.id, 11, { origin: 'wallet', batchId: 'r' });
    chain.disabled = true;
    batches.push(await revokeBatch({ receipt: receipt('0x0') }));
    authentic.mockResolvedValue(false);
    expect(await list()).toMatchObject([{ revoked: true, revokeSent: false }]);
    await grants.revokeDecided(await revokeBatch({ receipt: receipt('0x1') }));
    expect(await list()).toMatchObject([{ revokeSent: true }]);
  });

  it('offers it again once that revoke was dropped or cancelled', async () => {
    const { chain, grants, batches, list } = permissionsPage();
    await grants.add(mine);
    await grants.markRevoked(mine.id, 11, { origin: 'wallet', batchId: 'r' });
    chain.disabled = true;
    batches.push(await revokeBatch({ dropped: true }));
    expect(await list()).toMatchObject([{ revokeSent: false }]);
  });

  it('keeps it sent while that revoke is pending or confirmed, and once its record is gone from Activity\'s history only as the outcome written on it says: a page decides when a record leaves', async () => {
    const { chain, grants, batches, list } = permissionsPage();
    await grants.add(mine);
    await grants.markRevoked(mine.id, 11, { origin: 'wallet', batchId: 'r' });
    chain.disabled = true;
    batches.push(await revokeBatch({}));
    expect(await list()).toMatchObject([{ revoked: true, revokeSent: true }]);
    batches[0] = await revokeBatch({ receipt: receipt('0x1') });
    expect(await list()).toMatchObject([{ revokeSent: true }]);
    // Gone with nothing written: the node's word is shown as its own, Revoke still offered.
    batches.pop();
    expect(await list()).toMatchObject([{ revoked: true, revokeSent: false }]);
    await grants.revokeDecided(await revokeBatch({ receipt: receipt('0x1') }));
    expect(await list()).toMatchObject([{ revokeSent: true }]);
  });
});

describe('Revoke and Revoke all', () => {
  const revoking = async () => {
    const grants = createGrants(memoryGrantRecordStore(), Promise.resolve(), grantsCode, noRevokeRecords);
    await grants.add(mine);
    const services = { grants, grantCode: { revokeCall, revokeAllPlanned: async () => ({ to: ONE, data: '0x69615a4c' }) }, nodeFor: async () => undefined, networks: { selected: async () => ({ chainId: '0x7a69' }) } } as unknown as Services;
    return { grants, ctx: { services } as PageContext };
  };

  it('mark no grant revoked when the review only opened: the user may still reject it, and nothing would have been sent', async () => {
    const { grants, ctx } = await revoking();
    await grantPages.revokeGrant.handle({ id: record.id }, ctx);
    await grantPages.revokeAllGrants.handle({ account: ONE, chainId: '0x7a69' }, ctx);
    expect((await grants.find(record.id))?.revokedAt).toBeUndefined();
  });

  it('ask for the review as a revoke, whose approval marks what its call revokes once it is sent', async () => {
    const { ctx } = await revoking();
    await grantPages.revokeGrant.handle({ id: record.id }, ctx);
    expect(askUser).toHaveBeenLastCalledWith(ctx.services, 'wallet_revokeGrants', [expect.objectContaining({ from: ONE, to: mine.delegationManager })], ONE);
  });
});

describe('Revoke all after a node overstated the nonce a grant was signed at', () => {
  // The enforcer lets a grant run only while the account's nonce is exactly the one it carries: a grant signed at 1
  // while the chain is at 0 sleeps, and a single increment would wake it.
  const { delegationManager, enforcers } = frameworkOn(31337)!;
  const ACCOUNT = '0x00000000000000000000000000000000000000aa';
  const atNonce = (nonce: bigint): GrantRecord => ({
    ...record, from: ACCOUNT, delegationManager,
    delegation: { ...record.delegation, delegator: ACCOUNT, caveats: [...record.delegation.caveats, { enforcer: enforcers.nonce, terms: AbiCoder.defaultAbiCoder().encode(['uint256'], [nonce]) as `0x${string}`, args: '0x' }] },
  });
  /** A node that claims the account's nonce is `claimed`, and that the account is on the DeleGator. */
  const revokingAll = async (claimed: bigint, grant: GrantRecord) => {
    const grants = createGrants(memoryGrantRecordStore(), Promise.resolve(), grantsCode, noRevokeRecords);
    await grants.add(grant);
    const node = (async (method: string) => (method === 'eth_getCode' ? delegationCode(DELEGATOR_V08) : AbiCoder.defaultAbiCoder().encode(['uint256'], [claimed]))) as unknown as ChainNode;
    const services = { grants, grantCode: grantCodeModules, batches: noRevokeRecords, nodeFor: async () => node, networks: { selected: async () => ({ chainId: '0x7a69' }) } } as unknown as Services;
    await grantPages.revokeAllGrants.handle({ account: ACCOUNT, chainId: '0x7a69' }, { services } as PageContext);
    const [[, , [tx]]] = vi.mocked(askUser).mock.calls.slice(-1) as unknown as [[unknown, unknown, [{ to: string; data: `0x${string}` }]]];
    return tx;
  };
  const increments = async (tx: { to: string; data: `0x${string}` }): Promise<number> =>
    tx.to.toLowerCase() === enforcers.nonce.toLowerCase() ? 1 : ((await deleGatorCalls(tx.data)) ?? []).filter((c) => c.to?.toLowerCase() === enforcers.nonce.toLowerCase()).length;

  it('raises the nonce past that grant, though the node still says the nonce is the grant’s', async () => {
    const tx = await revokingAll(1n, atNonce(1n));
    expect(tx.to.toLowerCase()).toBe(ACCOUNT);
    expect(await increments(tx)).toBe(2);
  });

  it('raises it once where the grant is at the nonce the node says', async () => {
    expect(await increments(await revokingAll(0n, atNonce(0n)))).toBe(1);
  });
});
