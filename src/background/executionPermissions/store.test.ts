import { describe, expect, it } from 'vitest';
import { fakeBatches } from '../batches/storeFake.fixture';
import { grantsCode, noRevokeRecords } from './grantsCode.fixture';
import { ErrorCode } from '../../shared/errors';
import type { Hex } from '../../shared/params';
import { grantRoom, roomFor } from './room';
import { grantsInForce, revokedGrants } from './revoked';

/** With no record of any revoke (Activity's history dropped them): a revoke counts by the outcome written on it. */
const noRevokes = noRevokeRecords;
/** grantRoom of `origin` beside the grants of `all` in force, with the worker's siteOf. */
const roomOf = async (all: GrantRecord[], origin: string) => grantRoom(await grantsInForce({ grants: { list: async () => all }, batches: noRevokes }), origin, siteOf);
import { MAX_REVOKE_BATCHES } from './sentRevokes';
import { MAX_GRANTS, MAX_GRANTS_PER_SITE, createGrants, memoryGrantRecordStore, type GrantRecord, type Grants } from './store';
import { siteOf } from '../sites/siteOf';
import type { BatchRecord } from '../batches/types';
import { frameworkOn } from './framework';
import { revokeCall } from './onChain';
import { FLUSH_TIMEOUT_MS, WALLET, flush, sentRevoke, siteGrant, walletBatches } from './history.fixture';

const grant = (n: number, origin = 'https://a.example'): GrantRecord => ({
  id: `0x${n.toString(16).padStart(64, '0')}`, origin, chainId: '0x1', from: '0x0000000000000000000000000000000000000001', to: '0x0000000000000000000000000000000000000002',
  permission: { type: 'native-token-allowance', isAdjustmentAllowed: false, data: { allowanceAmount: '0x1', startTime: 1, justification: '' } }, rules: [],
  token: { symbol: 'ETH', decimals: 18 }, delegationManager: '0x0000000000000000000000000000000000000003', context: '0x', grantedAt: n,
  delegation: { delegate: '0x0000000000000000000000000000000000000002', delegator: '0x0000000000000000000000000000000000000001', authority: '0x', caveats: [], salt: '0x1', signature: '0x' },
});

const fresh = () => createGrants(memoryGrantRecordStore(), Promise.resolve(), grantsCode, noRevokes);
/** The wallet's revoke `batchId`, as its approval names it once sent: with when its batch was made (sentBatch's 10). */
const sentAs = (batchId: string) => ({ origin: 'wallet', batchId, createdAt: 10 });
/** The record of the wallet's revoke `id`, sent and included with receipt status `status`. */
const sentBatch = (id: string, status: Hex): BatchRecord => ({
  id, origin: 'wallet', chainId: '0x1', from: '0x0000000000000000000000000000000000000001', atomic: false, upgrade: false, gasLimits: ['0x5208'], state: 'sent', createdAt: 10,
  calls: [{ to: '0x0000000000000000000000000000000000000003', data: '0x', value: '0x0' }],
  transactions: [{ hash: `0x${'a'.repeat(64)}`, raw: '0x', nonce: 0, calls: [0], sent: true, receipt: { status, logs: [], blockHash: `0x${'b'.repeat(64)}`, blockNumber: '0x5', gasUsed: '0x5208', transactionHash: `0x${'a'.repeat(64)}` } }],
});
/** The grant `id` marked revoked by the wallet's revoke `batchId`, which then landed (the batch store tells the grants). */
const revokeLanded = async (grants: Grants, id: Hex, batchId: string, at = 5) => {
  await grants.markRevoked(id, at, sentAs(batchId));
  await grants.revokeDecided(sentBatch(batchId, '0x1'));
};

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

  it('names on a grant each revoke the wallet sent of it, once, and keeps when the first was sent', async () => {
    const grants = fresh();
    await grants.add(grant(1), grant(2));
    await grants.markRevoked(grant(1).id, 5, sentAs('first'));
    // The approval finished again after a worker restart, then the grant revoked again once that revoke failed.
    await grants.markRevoked(grant(1).id, 6, sentAs('first'));
    await grants.markRevoked(grant(1).id, 9, sentAs('second'));
    expect(await grants.find(grant(1).id)).toMatchObject({ revokedAt: 5, revokeBatches: [sentAs('first'), sentAs('second')] });
    expect(await grants.find(grant(2).id)).toEqual(grant(2));
  });

  it('names at most MAX_REVOKE_BATCHES revokes on a grant, keeping the one that went through over those that failed after: a record grows no more with each revoke sent, and the grant stays revoked', async () => {
    const records: BatchRecord[] = [];
    const grants = createGrants(memoryGrantRecordStore(), Promise.resolve(), grantsCode, fakeBatches(records));
    await grants.add(grant(1));
    const sent = (id: string, status: Hex) => records.push({ ...sentBatch(id, status) });
    sent('through', '0x1');
    await grants.markRevoked(grant(1).id, 5, sentAs('through'));
    for (let i = 0; i < MAX_REVOKE_BATCHES + 2; i++) {
      sent(`f${i}`, '0x0');
      await grants.markRevoked(grant(1).id, 6 + i, sentAs(`f${i}`));
    }
    const [kept] = await grants.list();
    expect(kept.revokeBatches).toHaveLength(MAX_REVOKE_BATCHES);
    expect(kept.revokeBatches).toContainEqual({ ...sentAs('through'), outcome: 'landed' });
    expect(kept.revokeBatches!.at(-1)).toEqual({ ...sentAs(`f${MAX_REVOKE_BATCHES + 1}`), outcome: 'failed' });
    expect(await revokedGrants([kept], fakeBatches(records))).toEqual(new Set([kept.id]));
  });

  it('writes on each grant naming a revoke what it came to once its batch is decided, and takes it back when a reorg does: kept beside the grant, since Activity’s history drops the batch when a page fills it', async () => {
    const records: BatchRecord[] = [{ ...sentBatch('r', '0x1'), transactions: [{ ...sentBatch('r', '0x1').transactions[0], receipt: undefined }] }];
    const grants = createGrants(memoryGrantRecordStore(), Promise.resolve(), grantsCode, fakeBatches(records));
    await grants.add(grant(1), grant(2));
    await grants.markRevoked(grant(1).id, 5, sentAs('r'));
    await grants.markRevoked(grant(2).id, 5, sentAs('other'));
    expect((await grants.find(grant(1).id))!.revokeBatches).toEqual([sentAs('r')]);
    await grants.revokeDecided(sentBatch('r', '0x1'));
    expect((await grants.find(grant(1).id))!.revokeBatches).toEqual([{ ...sentAs('r'), outcome: 'landed' }]);
    expect((await grants.find(grant(2).id))!.revokeBatches).toEqual([sentAs('other')]);
    await grants.revokeDecided(records[0]);
    expect((await grants.find(grant(1).id))!.revokeBatches).toEqual([sentAs('r')]);
    await grants.revokeDecided(sentBatch('r', '0x0'));
    expect((await grants.find(grant(1).id))!.revokeBatches).toEqual([{ ...sentAs('r'), outcome: 'failed' }]);
  });

  it('names a revoke decided before the grant named it with what it came to (a receipt that came with the sending: the batch store told then, when no grant named it), not one whose record the wallet did not write', async () => {
    const records = [sentBatch('landed', '0x1'), sentBatch('reverted', '0x0'), sentBatch('planted', '0x1')];
    const grants = createGrants(memoryGrantRecordStore(), Promise.resolve(), grantsCode, fakeBatches(records, (b) => b.id === 'planted'));
    await grants.add(grant(1), grant(2));
    await grants.markRevoked(grant(1).id, 5, sentAs('reverted'));
    await grants.markRevoked(grant(1).id, 6, sentAs('landed'));
    await grants.markRevoked(grant(2).id, 6, sentAs('planted'));
    expect((await grants.find(grant(1).id))!.revokeBatches).toEqual([{ ...sentAs('reverted'), outcome: 'failed' }, { ...sentAs('landed'), outcome: 'landed' }]);
    expect((await grants.find(grant(2).id))!.revokeBatches).toEqual([sentAs('planted')]);
  });

  it('keeps at most MAX_GRANTS in all', async () => {
    const grants = fresh();
    for (let i = 0; i < MAX_GRANTS; i++) await grants.add(grant(i, `https://site${Math.floor(i / MAX_GRANTS_PER_SITE)}.example`));
    expect(await grants.add(grant(1000, 'https://new.example'))).toBe(false);
  });
});

/** A record of each permission type and rule the wallet grants, as the store keeps them. */
const everyShape = (): GrantRecord[] => {
  const common = { startTime: 1, justification: 'why' };
  const token = '0x0000000000000000000000000000000000000004' as const;
  const permissions: GrantRecord['permission'][] = [
    { type: 'native-token-stream', isAdjustmentAllowed: true, data: { ...common, initialAmount: '0x1', maxAmount: '0x2', amountPerSecond: '0x3' } },
    { type: 'native-token-periodic', isAdjustmentAllowed: false, data: { ...common, periodAmount: '0x1', periodDuration: 86_400 } },
    { type: 'native-token-allowance', isAdjustmentAllowed: false, data: { ...common, allowanceAmount: '0x1' } },
    { type: 'erc20-token-stream', isAdjustmentAllowed: true, data: { ...common, initialAmount: '0x1', maxAmount: '0x2', amountPerSecond: '0x3', tokenAddress: token } },
    { type: 'erc20-token-periodic', isAdjustmentAllowed: false, data: { ...common, periodAmount: '0x1', periodDuration: 3_600, tokenAddress: token } },
    { type: 'erc20-token-allowance', isAdjustmentAllowed: false, data: { ...common, allowanceAmount: '0x1', tokenAddress: token } },
  ];
  const rules: GrantRecord['rules'] = [{ type: 'expiry', data: { timestamp: 2_000_000_000 } }, { type: 'redeemer', data: { addresses: [token] } }, { type: 'payee', data: { addresses: [token] } }];
  const caveats = [{ enforcer: token, terms: '0x00', args: '0x' }] as GrantRecord['delegation']['caveats'];
  // Marked revoked, half of them before the wallet named its revokes, some of those after with what each came to.
  const outcomes = [{}, { outcome: 'landed' as const }, { outcome: 'failed' as const }];
  const revokeBatches = (i: number) => (i % 2 === 0 ? {} : { revokeBatches: [{ origin: 'wallet', batchId: `r${i}`, ...outcomes[i % 3] }] });
  return permissions.map((permission, i) => ({ ...grant(i + 1), permission, rules, revokedAt: i, ...revokeBatches(i), delegation: { ...grant(i + 1).delegation, caveats } }));
};

describe('a record without a grant\'s shape (storage migration 5 moved whatever storage.local held, a content script\'s too)', () => {
  const id = `0x${'2'.repeat(64)}`;
  const good = grant(1);
  it.each([
    ['an id and an origin only', { id, origin: 'https://planted.example' }],
    ['no amount in its permission', { ...good, id, permission: { type: 'native-token-allowance', isAdjustmentAllowed: false, data: { startTime: 1, justification: '' } } }],
    ['a permission type the wallet does not grant', { ...good, id, permission: { ...good.permission, type: 'anything' } }],
    ['a rule without its data', { ...good, id, rules: [{ type: 'expiry' }] }],
    ['a delegation manager that is no address', { ...good, id, delegationManager: 42 }],
    ['a caveat without terms', { ...good, id, delegation: { ...good.delegation, caveats: [{ enforcer: '0x01', args: '0x' }] } }],
    ['no token facts', { ...good, id, token: undefined }],
    ['a revoke named without its batch', { ...good, id, revokedAt: 5, revokeBatches: [{ origin: 'wallet' }] }],
    ['a revoke named with an outcome the wallet never writes', { ...good, id, revokedAt: 5, revokeBatches: [{ ...sentAs('r'), outcome: 'revoked' }] }],
    ['more revokes named than the wallet keeps', { ...good, id, revokedAt: 5, revokeBatches: Array.from({ length: MAX_REVOKE_BATCHES + 1 }, (_, i) => sentAs(`r${i}`)) }],
    ['null', null],
  ])('with %s: neither listed nor found, and gone after the next change', async (_what, planted) => {
    const store = memoryGrantRecordStore();
    await store.save([good, planted as unknown as GrantRecord]);
    const grants = createGrants(store, Promise.resolve(), grantsCode, noRevokeRecords);
    expect(await grants.list()).toEqual([good]);
    expect(await grants.find(id as GrantRecord['id'])).toBeUndefined();
    await grants.markRevoked(good.id, 5, sentAs('r'));
    expect(await store.load()).toEqual([{ ...good, revokedAt: 5, revokeBatches: [sentAs('r')] }]);
  });

  it('keeps every permission type and rule the wallet grants', async () => {
    const store = memoryGrantRecordStore();
    await store.save(everyShape());
    expect(await createGrants(store, Promise.resolve(), grantsCode, noRevokeRecords).list()).toEqual(everyShape());
  });
});
