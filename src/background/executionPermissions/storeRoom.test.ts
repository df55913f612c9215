/** A site's share of grants and the wallet's: what holds a place, what makes room (a revoke that landed, even once Activity's history dropped it). */
import { describe, expect, it } from 'vitest';
import { fakeBatches } from '../batches/storeFake.fixture';
import { grantsCode } from './grantsCode.fixture';
import { ErrorCode } from '../../shared/errors';
import { grantRoom, roomFor } from './room';
import { grantsInForce } from './revoked';
import { MAX_GRANTS, MAX_GRANTS_PER_SITE, createGrants, memoryGrantRecordStore, type GrantRecord } from './store';
import { siteOf } from '../sites/siteOf';
import type { BatchRecord } from '../batches/types';
import { frameworkOn } from './framework';
import { revokeCall } from './onChain';
import { FLUSH_TIMEOUT_MS, WALLET, flush, sentRevoke, siteGrant, walletBatches } from './history.fixture';
import { fresh, grant, noRevokes, revokeLanded, sentAs, sentBatch } from './store.fixture';

/** grantRoom of `origin` beside the grants of `all` in force, with the worker's siteOf. */
const roomOf = async (all: GrantRecord[], origin: string) => grantRoom(await grantsInForce({ grants: { list: async () => all }, batches: noRevokes }), origin, siteOf);

describe('grants', () => {
  it('lists a site’s own grants, and every grant for the wallet', async () => {
    const grants = fresh();
    await grants.add(grant(1, 'https://a.example'));
    await grants.add(grant(2, 'https://b.example'));
    expect((await grants.list('https://a.example')).map((g) => g.grantedAt)).toEqual([1]);
    expect(await grants.list()).toHaveLength(2);
  });

  it('refuses a site’s grant beyond its share until one of its grants is revoked, which then makes room', async () => {
    const grants = fresh();
    for (let i = 0; i < MAX_GRANTS_PER_SITE; i++) expect(await grants.add(grant(i))).toBe(true);
    expect(await grants.add(grant(100))).toBe(false);
    // Another site is not held back by it.
    expect(await grants.add(grant(101, 'https://b.example'))).toBe(true);
    await revokeLanded(grants, grant(3).id, 'r3');
    expect(await grants.add(grant(102))).toBe(true);
    expect(await grants.find(grant(3).id)).toBeUndefined();
    expect((await grants.list('https://a.example')).length).toBe(MAX_GRANTS_PER_SITE);
  });

  it('makes room by dropping the oldest grant revoked, never one whose every revoke failed: that one is still in force, and would be lost from Permissions', async () => {
    const manager = frameworkOn(1)!.delegationManager;
    const failing = { ...grant(0), delegationManager: manager, delegation: { ...grant(0).delegation, authority: `0x${'f'.repeat(64)}` } } as GrantRecord;
    // The wallet's record of its revoke of `failing`, sent and reverted.
    const reverted = {
      id: 'r', origin: 'wallet', chainId: '0x1', from: failing.from, atomic: false, upgrade: false, gasLimits: ['0x5208'], state: 'sent', createdAt: 10,
      calls: [{ value: '0x0', ...(await revokeCall(failing)) }],
      transactions: [{ hash: `0x${'a'.repeat(64)}`, raw: '0x', nonce: 0, calls: [0], sent: true, receipt: { status: '0x0', logs: [], blockHash: `0x${'b'.repeat(64)}`, blockNumber: '0x5', gasUsed: '0x5208', transactionHash: `0x${'a'.repeat(64)}` } }],
    } as BatchRecord;
    const grants = createGrants(memoryGrantRecordStore(), Promise.resolve(), grantsCode, fakeBatches([reverted]));
    await grants.add(failing);
    for (let i = 1; i < MAX_GRANTS_PER_SITE; i++) await grants.add(grant(i));
    await grants.markRevoked(failing.id, 11, sentAs('r'));
    await revokeLanded(grants, grant(5).id, 'r5', 12);
    expect(await grants.add(grant(100))).toBe(true);
    expect(await grants.find(failing.id)).toBeDefined();
    expect(await grants.find(grant(5).id)).toBeUndefined();
  });

  it('counts a grant whose revoke is pending as holding its place, before the window as when its grants are kept: only a revoke that landed makes way (one pending may yet revert, leaving a grant in force gone from Permissions)', async () => {
    const pending = { ...sentBatch('r', '0x1'), transactions: [{ ...sentBatch('r', '0x1').transactions[0], receipt: undefined }] };
    const records: BatchRecord[] = [pending];
    const revokes = fakeBatches(records);
    const grants = createGrants(memoryGrantRecordStore(), Promise.resolve(), grantsCode, revokes);
    for (let i = 0; i < MAX_GRANTS_PER_SITE; i++) await grants.add(grant(i));
    await grants.markRevoked(grant(0).id, 5, sentAs('r'));
    await expect(roomFor({ grants, batches: revokes }, 'https://a.example', 1, siteOf)).rejects.toMatchObject({ code: ErrorCode.invalidParams });
    expect(await grants.add(grant(100))).toBe(false);
    records[0] = sentBatch('r', '0x1');
    await grants.revokeDecided(records[0]);
    await expect(roomFor({ grants, batches: revokes }, 'https://a.example', 1, siteOf)).resolves.toBeUndefined();
    expect(await grants.add(grant(100))).toBe(true);
    expect(await grants.find(grant(0).id)).toBeUndefined();
  });

  it('never drops a grant whose only revoke failed to make room once a page flushed that revoke from Activity’s history: it would vanish from Permissions while in force', async () => {
    const history = walletBatches();
    const held = siteGrant(1);
    await sentRevoke(history, held, '0x0');
    const grants = createGrants(memoryGrantRecordStore(), Promise.resolve(), grantsCode, history.batches);
    await grants.add(held);
    for (let i = 2; i <= MAX_GRANTS_PER_SITE; i++) await grants.add(siteGrant(i));
    await grants.markRevoked(held.id, 11, { origin: WALLET, batchId: 'mine' });
    expect(await grants.add(siteGrant(100))).toBe(false);
    await flush(history);
    expect(await grants.add(siteGrant(101))).toBe(false);
    expect(await grants.find(held.id)).toBeDefined();
  }, FLUSH_TIMEOUT_MS);

  it('still makes room with a grant whose revoke landed once a page flushed that revoke: what it came to was written when it was decided', async () => {
    const grants = createGrants(memoryGrantRecordStore(), Promise.resolve(), grantsCode, noRevokes);
    const history = walletBatches({ changed: (batch) => grants.revokeDecided(batch) });
    const held = siteGrant(1);
    await grants.add(held);
    for (let i = 2; i <= MAX_GRANTS_PER_SITE; i++) await grants.add(siteGrant(i));
    await grants.markRevoked(held.id, 11, { origin: WALLET, batchId: 'mine' });
    await sentRevoke(history, held, '0x1');
    await flush(history);
    expect(await grants.add(siteGrant(101))).toBe(true);
    expect(await grants.find(held.id)).toBeUndefined();
  }, FLUSH_TIMEOUT_MS);

  it('adds a request\'s grants all or none: one past the share would leave the others granted to a site told it got none', async () => {
    const grants = fresh();
    for (let i = 0; i < MAX_GRANTS_PER_SITE - 1; i++) await grants.add(grant(i));
    expect(await grants.add(grant(100), grant(101))).toBe(false);
    expect(await grants.list('https://a.example')).toHaveLength(MAX_GRANTS_PER_SITE - 1);
    expect(await grants.add(grant(100))).toBe(true);
  });

  it('says how many more grants a site may add: its share and the wallet\'s, less those in force (revoked ones make room)', async () => {
    const grants = fresh();
    for (let i = 0; i < 3; i++) await grants.add(grant(i));
    await revokeLanded(grants, grant(0).id, 'r0');
    expect(await roomOf(await grants.list(), 'https://a.example')).toBe(MAX_GRANTS_PER_SITE - 2);
    for (let i = 3; i < MAX_GRANTS; i++) await grants.add(grant(i, `https://site${Math.floor(i / MAX_GRANTS_PER_SITE)}.example`));
    expect(await roomOf(await grants.list(), 'https://new.example')).toBe(1);
  });

  // One site's subdomains are one site (../sites/siteOf.ts), as everywhere else pages are limited: each would otherwise get a full share.
  it('counts a share per site: a site’s subdomains share one', async () => {
    const grants = fresh();
    for (let i = 0; i < MAX_GRANTS_PER_SITE; i++) expect(await grants.add(grant(i, 'https://a.example.com'))).toBe(true);
    expect(await roomOf(await grants.list(), 'https://b.example.com')).toBe(0);
    await expect(roomFor({ grants, batches: noRevokes }, 'https://b.example.com', 1, siteOf)).rejects.toMatchObject({ code: ErrorCode.invalidParams });
    expect(await grants.add(grant(100, 'https://b.example.com'))).toBe(false);
    expect(await grants.add(grant(101, 'https://other.example'))).toBe(true);
  });

  it('keeps at most MAX_GRANTS in all', async () => {
    const grants = fresh();
    for (let i = 0; i < MAX_GRANTS; i++) await grants.add(grant(i, `https://site${Math.floor(i / MAX_GRANTS_PER_SITE)}.example`));
    expect(await grants.add(grant(1000, 'https://new.example'))).toBe(false);
  });
});
