/**
 * attack18: a grant whose every revoke failed is in force (revoked.ts), but only while Activity's history still holds
 * that failed revoke: a revoke gone from it counts as gone through (activity.ts failedRevokes). Whether it is gone is
 * up to a page: wallet_sendCalls stores its batch (../rpc/sendCallsPlan.ts, batches.add) before any window, and the
 * store makes room for it by dropping the oldest finished batches until 4 MB fit (../batches/store.ts). A Firefox
 * content script can delete the record from storage.local outright. And the room (room.ts) makes way with a grant whose
 * revoke is only on its way.
 */
import { describe, expect, it } from 'vitest';
import type { Hex } from '../../shared/params';
import { MAX_BATCHES_BYTES, batchKey, createBatchStore } from '../batches/store';
import { BATCHES_DEFAULTS, type BatchRecord } from '../batches/types';
import { utf8Length } from '../storage/bytes';
import { canonicalJson, createSealer, memoryKeyStore } from '../storage/seal';
import { memoryBackend, typedStorage } from '../storage/typedStorage';
import { frameworkOn } from './framework';
import { grantsCode } from './grantsCode.fixture';
import { revokeCall } from './onChain';
import { grantsInForce, revokedGrants } from './revoked';
import { MAX_GRANTS_PER_SITE, createGrants, memoryGrantRecordStore, type GrantRecord } from './store';

const ACCOUNT: Hex = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const WALLET = 'chrome-extension://wallet';
const SITE = 'https://dapp.example';
/** The params a page's request may carry (../rpc/pipeline.ts MAX_PARAMS_BYTES): a batch's calldata as hex fits in them. */
const MAX_PARAMS_BYTES = 1_000_000;

const grant = (n: number): GrantRecord => ({
  id: `0x${n.toString(16).padStart(64, '0')}`, origin: SITE, chainId: '0x7a69', from: ACCOUNT, to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  permission: { type: 'native-token-allowance', isAdjustmentAllowed: false, data: { allowanceAmount: '0x1', startTime: 1, justification: '' } }, rules: [],
  token: { symbol: 'ETH', decimals: 18 }, delegationManager: frameworkOn(31337)!.delegationManager, context: `0x0${n}`, grantedAt: n,
  delegation: { delegate: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', delegator: ACCOUNT, authority: `0x${'f'.repeat(64)}`, caveats: [], salt: `0x${(n + 1).toString(16)}`, signature: `0x12${n.toString(16).padStart(2, '0')}` },
});

/** The wallet's own batch store, and its records as a content script sees storage.local. */
function walletBatches() {
  const local = typedStorage(memoryBackend(), BATCHES_DEFAULTS);
  return { local, batches: createBatchStore(local, createSealer(memoryKeyStore())) };
}

/** The wallet's revoke of `revoked`, stored as its approval stores it, sent, then reverted on chain (its receipt 0x0), or still pending. */
async function failedRevoke(batches: ReturnType<typeof walletBatches>['batches'], revoked: GrantRecord, pending = false): Promise<BatchRecord> {
  await batches.add({
    id: 'mine', origin: WALLET, chainId: '0x7a69', from: ACCOUNT, atomic: false, upgrade: false, gasLimits: ['0x5208'], state: 'approved', createdAt: 10,
    calls: [{ value: '0x0', ...(await revokeCall(revoked)) }], transactions: [],
  });
  return batches.update(WALLET, 'mine', (b) => ({
    ...b, state: 'sent',
    transactions: [{
      hash: `0x${'a'.repeat(64)}`, raw: '0x', nonce: 0, calls: [0], sent: true,
      ...(pending ? {} : { receipt: { status: '0x0' as Hex, logs: [], blockHash: `0x${'b'.repeat(64)}` as Hex, blockNumber: '0x5' as Hex, gasUsed: '0x5208' as Hex, transactionHash: `0x${'a'.repeat(64)}` as Hex } }),
    }],
  }));
}

/**
 * A page's wallet_sendCalls, as prepare stores it before the window opens (state awaiting-approval): one call to an
 * address of its own with `bytes` of calldata, within the params a request may carry.
 */
function pagesBatch(n: number, bytes: number): BatchRecord {
  expect(2 * bytes + 2).toBeLessThan(MAX_PARAMS_BYTES);
  return {
    id: `flush-${n}`, origin: SITE, chainId: '0x7a69', from: ACCOUNT, atomic: false, upgrade: false, gasLimits: ['0x7a1200'], state: 'awaiting-approval', createdAt: Date.now(),
    calls: [{ to: '0x00000000000000000000000000000000000000bb', value: '0x0', data: `0x${'ab'.repeat(bytes)}` }], transactions: [],
  };
}

/**
 * The page's batches that leave the store just too little room for its history: four just under a request's params,
 * then one sized so that they all fit only once the oldest finished batch (the wallet's failed revoke) is dropped.
 */
async function flush(local: ReturnType<typeof walletBatches>['local'], batches: ReturnType<typeof walletBatches>['batches']): Promise<void> {
  for (let i = 0; i < 4; i++) expect(await batches.add(pagesBatch(i, 450_000))).toBe(true);
  const sizes = Object.values(await local.get('batches')).map((b) => utf8Length(canonicalJson(b)));
  const oldest = utf8Length(canonicalJson((await batches.get(WALLET, 'mine'))!));
  const room = MAX_BATCHES_BYTES - sizes.reduce((a, b) => a + b, 0) + Math.floor(oldest / 2);
  const overhead = utf8Length(canonicalJson(pagesBatch(4, 0)));
  expect(await batches.add(pagesBatch(4, Math.floor((room - overhead) / 2)))).toBe(true);
}

describe('attack18: a grant whose every revoke failed, once that revoke is gone from Activity’s history', () => {
  it('is still in force after a page’s five wallet_sendCalls made the batch store drop the failed revoke, before any window', async () => {
    const { local, batches } = walletBatches();
    const held = grant(1);
    await failedRevoke(batches, held);
    const marked: GrantRecord = { ...held, revokedAt: 11, revokeBatches: [{ origin: WALLET, batchId: 'mine' }] };
    expect((await revokedGrants([marked], batches)).has(held.id)).toBe(false);

    await flush(local, batches);
    // The page's batches are all kept (waiting for the user); the wallet's record of its revoke is gone.
    expect(await batches.get(WALLET, 'mine')).toBeUndefined();

    // The chain still has the grant in force: nothing of the wallet's says otherwise.
    expect((await revokedGrants([marked], batches)).has(held.id)).toBe(false);
    expect((await grantsInForce({ grants: { list: async () => [marked] }, batches }, SITE)).map((g) => g.id)).toEqual([held.id]);
  });

  it('is never dropped from the list to make room for the page’s next grant once the page flushed the history (it would vanish from Permissions while in force)', async () => {
    const { local, batches } = walletBatches();
    const held = grant(1);
    await failedRevoke(batches, held);
    const grants = createGrants(memoryGrantRecordStore(), Promise.resolve(), grantsCode, batches);
    await grants.add(held);
    for (let i = 2; i <= MAX_GRANTS_PER_SITE; i++) await grants.add(grant(i));
    await grants.markRevoked(held.id, 11, { origin: WALLET, batchId: 'mine' });
    // While the failed revoke is on record, the full site gets no room from it.
    expect(await grants.add(grant(100))).toBe(false);

    await flush(local, batches);
    expect(await grants.add(grant(101))).toBe(false);
    expect(await grants.find(held.id)).toBeDefined();
  });

  it('is still in force when a content script (Firefox) deleted the failed revoke’s record from storage.local', async () => {
    const { local, batches } = walletBatches();
    const held = grant(1);
    await failedRevoke(batches, held);
    const marked: GrantRecord = { ...held, revokedAt: 11, revokeBatches: [{ origin: WALLET, batchId: 'mine' }] };
    await local.update('batches', ({ [batchKey(WALLET, 'mine')]: _deleted, ...rest }) => rest);
    expect((await revokedGrants([marked], batches)).has(held.id)).toBe(false);
  });
});

describe('attack18: a grant whose revoke the wallet sent and the chain has not taken yet', () => {
  it('is not dropped to make room while its revoke is still pending: that revoke may yet revert or be dropped, leaving a grant in force that Permissions no longer lists', async () => {
    const { batches } = walletBatches();
    const held = grant(1);
    await failedRevoke(batches, held, true);
    const grants = createGrants(memoryGrantRecordStore(), Promise.resolve(), grantsCode, batches);
    await grants.add(held);
    for (let i = 2; i <= MAX_GRANTS_PER_SITE; i++) await grants.add(grant(i));
    await grants.markRevoked(held.id, 11, { origin: WALLET, batchId: 'mine' });
    expect(await grants.add(grant(100))).toBe(false);
    expect(await grants.find(held.id)).toBeDefined();
  });
});
