/** The revokes a grant names: each the wallet sent, at most MAX_REVOKE_BATCHES, and what each came to once decided. */
import { describe, expect, it } from 'vitest';
import { fakeBatches } from '../batches/storeFake.fixture';
import { grantsCode } from './grantsCode.fixture';
import type { Hex } from '../../shared/params';
import { revokedGrants } from './revoked';
import { MAX_REVOKE_BATCHES } from './sentRevokes';
import { createGrants, memoryGrantRecordStore } from './store';
import type { BatchRecord } from '../batches/types';
import { fresh, grant, sentAs, sentBatch } from './store.fixture';

describe('grants', () => {
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
});
