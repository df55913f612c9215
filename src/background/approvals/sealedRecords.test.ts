/** The approval records' seal and revision across a write that fails. */
import { describe, expect, it } from 'vitest';
import { createSealer, memoryKeyStore } from '../storage/seal';
import { memoryBackend, typedStorage, type StorageBackend } from '../storage/typedStorage';
import { sealedRecords } from './sealedRecords';
import { APPROVALS_DEFAULTS, type ApprovalRecord } from './types';

const waiting = { id: 'a', type: 'signMessage', method: 'personal_sign', origin: 'https://dapp.example', createdAt: 1, details: {},
  replyTo: { tabId: 1, frameId: 0, origin: 'https://dapp.example', requestId: '1' } } as unknown as ApprovalRecord;

describe('sealed approval records', () => {
  it('keeps a waiting request when the write of its decision failed (storage full): the revision that write carried was taken as the latest, so the next read dropped the request as altered and its page never heard', async () => {
    const backend = memoryBackend();
    let failNext = false;
    const flaky: StorageBackend = {
      get: (key) => backend.get(key),
      set: (items) => (failNext ? Promise.reject(new Error('QUOTA_BYTES quota exceeded')).finally(() => (failNext = false)) : backend.set(items)),
    };
    const records = sealedRecords(typedStorage(flaky, APPROVALS_DEFAULTS), createSealer(memoryKeyStore()));
    await records.change(() => [waiting]);
    failNext = true;
    await expect(records.change((all) => all.map((a) => ({ ...a, decision: { approved: false } }) as ApprovalRecord))).rejects.toThrow(/quota/);
    expect((await records.read()).map((a) => a.id)).toEqual(['a']);
  });

  it('reads and changes the requests beside one planted with a value no JSON holds (a cycle: Firefox keeps storage.local by structured clone): its seal threw, and every request failed', async () => {
    const local = typedStorage(memoryBackend(), APPROVALS_DEFAULTS);
    const records = sealedRecords(local, createSealer(memoryKeyStore()));
    await records.change(() => [waiting]);
    const planted = { ...waiting, id: 'p', seal: '0x00' } as unknown as ApprovalRecord & { loop?: unknown };
    planted.loop = planted;
    await local.update('approvals', (all) => [...all, planted]);
    expect((await records.read()).map((a) => a.id)).toEqual(['a']);
    await records.change((all) => [...all, { ...waiting, id: 'b' }]);
    expect((await records.read()).map((a) => a.id)).toEqual(['a', 'b']);
  });

  it('reads and changes the requests when a content script planted a null among them, or in place of the list (storage.local, Firefox): the seal\'s check read a null\'s fields, and every request asking the user threw until the wallet was reset', async () => {
    const local = typedStorage(memoryBackend(), APPROVALS_DEFAULTS);
    const records = sealedRecords(local, createSealer(memoryKeyStore()));
    await records.change(() => [waiting]);
    await local.update('approvals', (all) => [...all, null as unknown as ApprovalRecord]);
    expect((await records.read()).map((a) => a.id)).toEqual(['a']);
    await local.set('approvals', null as unknown as ApprovalRecord[]);
    expect(await records.read()).toEqual([]);
    await records.change((all) => [...all, { ...waiting, id: 'b' }]);
    expect((await records.read()).map((a) => a.id)).toEqual(['b']);
  });

  it('reads a request whose change is being written as it stands in storage, not as altered: the read dropped it, and a page sending it again was asked again', async () => {
    const memory = memoryBackend();
    const writes = { held: Promise.resolve() };
    const slowWrites: StorageBackend = { get: (key) => memory.get(key), set: async (items) => (await writes.held, memory.set(items)) };
    const records = sealedRecords(typedStorage(slowWrites, APPROVALS_DEFAULTS), createSealer(memoryKeyStore()));
    await records.change(() => [waiting]);
    let written!: () => void;
    writes.held = new Promise((resolve) => (written = resolve));
    const deciding = records.change((all) => all.map((a) => ({ ...a, decision: { approved: false } }) as ApprovalRecord));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect((await records.read()).map((a) => [a.id, a.decision])).toEqual([['a', undefined]]);
    written();
    await deciding;
    expect((await records.read()).map((a) => [a.id, a.decision])).toEqual([['a', { approved: false }]]);
  });
});
