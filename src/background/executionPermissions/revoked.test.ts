/**
 * Whether a grant marked revoked is (revoked.ts, one rule for Permissions, a site's list and revoke, and the room): only
 * the wallet's own revoke of it decides, whatever a page's batch carrying the same call did, by the outcome written on
 * it (store.ts), else by its record while Activity's history (../batches/store.ts) holds it, which a page can flush.
 */
import { describe, expect, it } from 'vitest';
import type { Hex } from '../../shared/params';
import type { BatchRecord, CallReceipt } from '../batches/types';
import { frameworkOn } from './framework';
import { revokeCall } from './onChain';
import { keptRevokes, grantsInForce, revokedGrants } from './revoked';
import { MAX_REVOKE_BATCHES } from './sentRevokes';
import { createGrants, memoryGrantRecordStore, type GrantRecord } from './store';
import { batchKey } from '../batches/store';
import { fakeBatches } from '../batches/storeFake.fixture';
import { grantsCode, noRevokeRecords } from './grantsCode.fixture';
import { FLUSH_TIMEOUT_MS, flush, sentRevoke, siteGrant, walletBatches } from './history.fixture';

const ACCOUNT: Hex = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const WALLET = 'chrome-extension://wallet';
const SITE = 'https://dapp.example';

// On the devnet's own DelegationManager (revokeCall refuses any other), its revoke sent at 11.
const grant = {
  id: `0x${'1'.repeat(64)}`, origin: SITE, chainId: '0x7a69', from: ACCOUNT, context: '0xc0', grantedAt: 1, revokedAt: 11,
  delegationManager: frameworkOn(31337)!.delegationManager,
  delegation: { delegate: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', delegator: ACCOUNT, authority: `0x${'f'.repeat(64)}`, caveats: [], salt: '0x1', signature: '0x1234' },
} as unknown as GrantRecord;
/** The grant as the wallet's revokes `ids` (its own batches) marked it. */
const markedBy = (...ids: string[]): GrantRecord => ({ ...grant, revokeBatches: ids.map((batchId) => ({ origin: WALLET, batchId })) });

const receipt = (status: Hex): CallReceipt => ({ status, logs: [], blockHash: `0x${'b'.repeat(64)}`, blockNumber: '0x5', gasUsed: '0x5208', transactionHash: `0x${'a'.repeat(64)}` });
/** A batch of `origin` whose one call is the grant's revoke, sent at `createdAt`: `status` its receipt's, pending without. */
const revoke = async (origin: string, id: string, createdAt: number, status?: Hex): Promise<BatchRecord> => ({
  id, origin, chainId: '0x7a69', from: ACCOUNT, atomic: false, upgrade: false, gasLimits: ['0x5208'], state: 'sent', createdAt,
  calls: [{ value: '0x0', ...(await revokeCall(grant)) }],
  transactions: [{ hash: `0x${'a'.repeat(64)}`, raw: '0x', nonce: 0, calls: [0], sent: true, ...(status ? { receipt: receipt(status) } : {}) }],
});
const revokedWith = async (marked: GrantRecord, batches: BatchRecord[]): Promise<boolean> =>
  (await revokedGrants([marked], fakeBatches(batches))).has(grant.id);

describe('a grant the wallet revoked', () => {
  it('stays revoked beside a page’s failed transaction carrying its revoke', async () => {
    const pages = await revoke(SITE, 'p', 20, '0x0');
    expect(await revokedWith(markedBy('mine'), [await revoke(WALLET, 'mine', 10), pages])).toBe(true);
    expect(await revokedWith(markedBy('mine'), [await revoke(WALLET, 'mine', 10, '0x1'), pages])).toBe(true);
  });

  it('is in force once the wallet’s own revoke did nothing, whatever a page’s batch carrying the same call does', async () => {
    expect(await revokedWith(markedBy('mine'), [await revoke(WALLET, 'mine', 10, '0x0'), await revoke(SITE, 'p', 20)])).toBe(false);
  });

  it('with its revoke gone from Activity’s history, is as the outcome written on it says, and in force with none written: a page decides when a record leaves', async () => {
    const landed: GrantRecord = { ...grant, revokeBatches: [{ origin: WALLET, batchId: 'mine', outcome: 'landed' }] };
    const failed: GrantRecord = { ...grant, revokeBatches: [{ origin: WALLET, batchId: 'mine', outcome: 'failed' }] };
    expect(await revokedWith(landed, [])).toBe(true);
    expect(await revokedWith(failed, [])).toBe(false);
    expect(await revokedWith(markedBy('mine'), [await revoke(SITE, 'p', 20, '0x0')])).toBe(false);
  });

  it('reads the outcome written on a revoke before its batch’s record', async () => {
    const failed: GrantRecord = { ...grant, revokeBatches: [{ origin: WALLET, batchId: 'mine', outcome: 'failed' }] };
    expect(await revokedWith(failed, [await revoke(WALLET, 'mine', 10, '0x1')])).toBe(false);
  });

  it('is in force when its only failed revoke is left in Activity’s history and the second is gone with no outcome written; revoked when that one’s says it landed', async () => {
    expect(await revokedWith(markedBy('first', 'second'), [await revoke(WALLET, 'first', 10, '0x0')])).toBe(false);
    const secondLanded: GrantRecord = { ...grant, revokeBatches: [{ origin: WALLET, batchId: 'first' }, { origin: WALLET, batchId: 'second', outcome: 'landed' }] };
    expect(await revokedWith(secondLanded, [await revoke(WALLET, 'first', 10, '0x0')])).toBe(true);
  });

  it('marked before the wallet named its revokes: read from the revokes of it on record, a failed one only when made before the mark; with none on record, in force', async () => {
    expect(await revokedWith(grant, [await revoke(WALLET, 'mine', 10, '0x1')])).toBe(true);
    expect(await revokedWith(grant, [await revoke(WALLET, 'mine', 10, '0x0')])).toBe(false);
    expect(await revokedWith(grant, [await revoke(WALLET, 'mine', 10, '0x0'), await revoke(SITE, 'p', 20, '0x0')])).toBe(false);
    expect(await revokedWith(grant, [])).toBe(false);
  });
});

describe('a grant whose wallet revoke a page pushed out of Activity’s history (five wallet_sendCalls stored before any window), or deleted from storage.local (a Firefox content script)', () => {
  const held = siteGrant(1);
  const marked: GrantRecord = { ...held, revokedAt: 11, revokeBatches: [{ origin: WALLET, batchId: 'mine' }] };
  const inForce = async (grant: GrantRecord, batches: ReturnType<typeof walletBatches>['batches']) => ({
    revoked: (await revokedGrants([grant], batches)).has(grant.id),
    listed: (await grantsInForce({ grants: { list: async () => [grant] }, batches }, SITE)).map((g) => g.id),
  });

  it('is still in force once the page flushed its only revoke, which failed: nothing of the wallet’s says otherwise', async () => {
    const history = walletBatches();
    await sentRevoke(history, held, '0x0');
    expect(await inForce(marked, history.batches)).toEqual({ revoked: false, listed: [held.id] });
    await flush(history);
    expect(await inForce(marked, history.batches)).toEqual({ revoked: false, listed: [held.id] });
  }, FLUSH_TIMEOUT_MS);

  it('is still in force when a content script deleted the record of its only revoke, which failed', async () => {
    const history = walletBatches();
    await sentRevoke(history, held, '0x0');
    await history.local.update('batches', ({ [batchKey(WALLET, 'mine')]: _deleted, ...rest }) => rest);
    expect(await inForce(marked, history.batches)).toEqual({ revoked: false, listed: [held.id] });
  });

  it('stays revoked once the page flushed its revoke that landed: the grants were told what it came to when it was decided', async () => {
    const grants = createGrants(memoryGrantRecordStore(), Promise.resolve(), grantsCode, noRevokeRecords);
    const history = walletBatches({ changed: (batch) => grants.revokeDecided(batch) });
    await grants.add(held);
    // Named before its receipt: told once it is decided.
    await grants.markRevoked(held.id, 11, { origin: WALLET, batchId: 'mine' });
    await sentRevoke(history, held, '0x1');
    await flush(history);
    expect(await inForce((await grants.find(held.id))!, history.batches)).toEqual({ revoked: true, listed: [] });
  }, FLUSH_TIMEOUT_MS);
});

describe('the revokes a grant’s record keeps named (store.ts MAX_REVOKE_BATCHES)', () => {
  const named = (...ids: string[]) => ids.map((batchId) => ({ origin: WALLET, batchId }));
  const failed = (id: string, at: number) => revoke(WALLET, id, at, '0x0');

  it('keeps every one up to the cap', async () => {
    const ids = Array.from({ length: MAX_REVOKE_BATCHES }, (_, i) => `f${i}`);
    expect(await keptRevokes(named(...ids), fakeBatches(await Promise.all(ids.map((id, i) => failed(id, i)))))).toEqual(named(...ids));
  });

  it('past the cap drops those that count nothing (refused, or gone from history with no outcome written), then the oldest that failed, before one pending or one that landed (by its record or the outcome written on it): the grant stays revoked once failed ones follow', async () => {
    const fails = Array.from({ length: MAX_REVOKE_BATCHES }, (_, i) => `f${i}`);
    const records = [await revoke(WALLET, 'through', 1, '0x1'), await revoke(WALLET, 'pending', 2), ...(await Promise.all(fails.map((id, i) => failed(id, 10 + i)))), await revoke(WALLET, 'planted', 3, '0x1')];
    const batches = fakeBatches(records, (batch) => batch.id === 'planted');
    const landedGone = { origin: WALLET, batchId: 'landedGone', outcome: 'landed' as const };
    const all = [...named('through', 'planted', 'pending', 'gone'), landedGone, ...named(...fails)];
    const kept = await keptRevokes(all, batches);
    expect(kept).toEqual([...named('through', 'pending'), landedGone, ...named(...fails.slice(fails.length - (MAX_REVOKE_BATCHES - 3)))]);
    expect(await revokedGrants([{ ...grant, revokeBatches: kept }], batches)).toEqual(new Set([grant.id]));
  });

  it('past the cap never drops one whose outcome written says it landed in favour of others, its record gone or not', async () => {
    const pending = Array.from({ length: MAX_REVOKE_BATCHES }, (_, i) => `p${i}`);
    const records = await Promise.all(pending.map((id, i) => revoke(WALLET, id, 10 + i)));
    const landed = { origin: WALLET, batchId: 'landed', outcome: 'landed' as const };
    expect(await keptRevokes([landed, ...named(...pending)], fakeBatches(records))).toEqual([landed, ...named(...pending.slice(1))]);
  });

  it('past the cap with none failed, drops the oldest pending before any that went through', async () => {
    const pending = Array.from({ length: MAX_REVOKE_BATCHES }, (_, i) => `p${i}`);
    const records = [await revoke(WALLET, 'through', 1, '0x1'), ...(await Promise.all(pending.map((id, i) => revoke(WALLET, id, 10 + i))))];
    expect(await keptRevokes(named('through', ...pending), fakeBatches(records))).toEqual(named('through', ...pending.slice(1)));
  });

  it('keeps a grant whose every revoke failed in force: the newest ones kept all failed too', async () => {
    const fails = Array.from({ length: MAX_REVOKE_BATCHES + 3 }, (_, i) => `f${i}`);
    const batches = fakeBatches(await Promise.all(fails.map((id, i) => failed(id, i))));
    const kept = await keptRevokes(named(...fails), batches);
    expect(kept).toEqual(named(...fails.slice(3)));
    expect(await revokedGrants([{ ...grant, revokeBatches: kept }], batches)).toEqual(new Set());
  });
});
