/**
 * A site's revoke (wallet_revokeExecutionPermission) is kept under the site's origin and an id the wallet drew. Once its
 * record is gone from storage.local (a content script on Firefox reads the id and deletes it, or a page flushes the
 * history), the site may ask wallet_sendCalls with that very id: what that batch does must never be taken for what
 * the revoke came to (sentRevokes.ts, store.ts revokeDecided, activity.ts revokeOutcomes).
 */
import { describe, expect, it } from 'vitest';
import type { Hex } from '../../shared/params';
import { batchKey } from '../batches/store';
import type { BatchRecord } from '../batches/types';
import { grantsCode } from './grantsCode.fixture';
import { SITE, siteGrant, walletBatches } from './history.fixture';
import { revokeCall } from './onChain';
import { revokedGrants } from './revoked';
import { MAX_GRANTS_PER_SITE, createGrants, memoryGrantRecordStore } from './store';

describe('a site\'s revoke whose record is gone', () => {
  it('writes on a site\'s revoke only what that revoke came to, never what a later batch of the site under the same id did once the revoke\'s record is gone (flushed, or deleted by a content script): a grant whose revoke failed would read revoked, and make way', async () => {
    // As createServices.ts wires them: the batch store tells the grants, which read its records.
    const history = walletBatches({ changed: (batch) => grants.revokeDecided(batch) });
    const grants = createGrants(memoryGrantRecordStore(), Promise.resolve(), grantsCode, history.batches);
    const held = siteGrant(1);
    await grants.add(held);
    for (let i = 2; i <= MAX_GRANTS_PER_SITE; i++) await grants.add(siteGrant(i));
    // The site's own revoke (wallet_revokeExecutionPermission: its origin, an id the wallet drew), which reverted.
    const id = `0x${'5'.repeat(64)}`;
    const sentWith = (status: Hex) => (b: BatchRecord): BatchRecord => ({ ...b, state: 'sent', transactions: [{
      hash: `0x${'a'.repeat(64)}`, raw: '0x', nonce: 0, calls: [0], sent: true,
      receipt: { status, logs: [], blockHash: `0x${'b'.repeat(64)}`, blockNumber: '0x5', gasUsed: '0x5208', transactionHash: `0x${'a'.repeat(64)}` },
    }] });
    const asked = { origin: SITE, chainId: '0x7a69' as Hex, from: held.from, atomic: false, upgrade: false, gasLimits: ['0x5208' as Hex], state: 'approved' as const, transactions: [] };
    await history.batches.add({ ...asked, id, createdAt: 10, calls: [{ value: '0x0', ...(await revokeCall(held)) }] });
    await history.batches.update(SITE, id, sentWith('0x0'));
    await grants.markRevoked(held.id, 11, { origin: SITE, batchId: id });
    expect(await revokedGrants(await grants.list(), history.batches)).toEqual(new Set());
    // A content script on Firefox reads the id and deletes the record; the site then asks wallet_sendCalls with that
    // id, a call to a contract of its own the user approves, which lands.
    await history.local.update('batches', ({ [batchKey(SITE, id)]: _gone, ...rest }) => rest);
    expect(await history.batches.add({ ...asked, id, createdAt: Date.now(), calls: [{ to: '0x00000000000000000000000000000000000000bb', value: '0x0', data: '0x' }] })).toBe(true);
    await history.batches.update(SITE, id, sentWith('0x1'));
    expect((await grants.find(held.id))!.revokeBatches).toEqual([expect.objectContaining({ origin: SITE, batchId: id, outcome: 'failed' })]);
    expect(await revokedGrants(await grants.list(), history.batches)).toEqual(new Set());
    expect(await grants.add(siteGrant(101))).toBe(false);
    expect(await grants.find(held.id)).toBeDefined();
  });

  it('reads a site\'s revoke gone from history with nothing written as nothing known, not as a later batch of the site under the same id says (pending, then landed)', async () => {
    const history = walletBatches({ changed: (batch) => grants.revokeDecided(batch) });
    const grants = createGrants(memoryGrantRecordStore(), Promise.resolve(), grantsCode, history.batches);
    const held = siteGrant(1);
    await grants.add(held);
    const id = `0x${'6'.repeat(64)}`;
    const asked = { origin: SITE, chainId: '0x7a69' as Hex, from: held.from, atomic: false, upgrade: false, gasLimits: ['0x5208' as Hex], state: 'approved' as const, transactions: [] };
    const pending = { hash: `0x${'a'.repeat(64)}` as Hex, raw: '0x' as Hex, nonce: 0, calls: [0], sent: true };
    const landed = { ...pending, receipt: { status: '0x1' as Hex, logs: [], blockHash: `0x${'b'.repeat(64)}` as Hex, blockNumber: '0x5' as Hex, gasUsed: '0x5208' as Hex, transactionHash: pending.hash } };
    // Marked as soon as it is sent, still pending; then deleted from storage.local before it is decided.
    await history.batches.add({ ...asked, id, createdAt: 10, calls: [{ value: '0x0', ...(await revokeCall(held)) }] });
    await history.batches.update(SITE, id, (b) => ({ ...b, state: 'sent', transactions: [pending] }));
    await grants.markRevoked(held.id, 11, { origin: SITE, batchId: id });
    await history.local.update('batches', ({ [batchKey(SITE, id)]: _gone, ...rest }) => rest);
    await history.batches.add({ ...asked, id, createdAt: Date.now(), calls: [{ to: '0x00000000000000000000000000000000000000bb', value: '0x0', data: '0x' }] });
    await history.batches.update(SITE, id, (b) => ({ ...b, state: 'sent', transactions: [pending] }));
    expect(await revokedGrants(await grants.list(), history.batches)).toEqual(new Set());
    await history.batches.update(SITE, id, (b) => ({ ...b, transactions: [landed] }));
    expect(await revokedGrants(await grants.list(), history.batches)).toEqual(new Set());
  });
});
