import { computeHmac, toUtf8Bytes } from 'ethers';
import { describe, expect, it } from 'vitest';
import { canonicalJson, createSealer, isSealed, memoryKeyStore, seal } from './seal';

describe('sealed records', () => {
  it('seals as HMAC-SHA256 of the canonical JSON under the key, as ethers computes it: records sealed by an earlier version still verify', () => {
    const key = `0x${'ab'.repeat(32)}`;
    const record = { b: 1, a: { d: [1, 'x'], c: null } };
    expect(seal(key, record).seal).toBe(computeHmac('sha256', key, toUtf8Bytes(canonicalJson(record))));
    expect(isSealed(key, { ...record, seal: computeHmac('sha256', key, toUtf8Bytes(canonicalJson(record))) })).toBe(true);
  });

  it('verify as sealed, in any key order, and fail once anything changes', async () => {
    const key = await createSealer(memoryKeyStore()).key();
    const record = seal(key, { id: 'a', decision: { approved: true }, calls: [{ to: '0x01', value: '0x0' }] });
    expect(isSealed(key, { calls: record.calls, seal: record.seal, decision: record.decision, id: 'a' })).toBe(true);
    expect(isSealed(key, { ...record, calls: [{ to: '0x02', value: '0x0' }] })).toBe(false);
    expect(isSealed(key, { ...record, seal: undefined })).toBe(false);
    expect(isSealed(key, { id: 'a' })).toBe(false);
  });

  it('use one key: made once, then kept (two workers starting together share it)', async () => {
    const store = memoryKeyStore();
    const [a, b] = await Promise.all([createSealer(store).key(), createSealer(store).key()]);
    expect(a).toBe(b);
    expect(a).toMatch(/^0x[0-9a-f]{64}$/);
    const other = await createSealer(memoryKeyStore()).key();
    expect(isSealed(other, seal(a, { id: 'a' }))).toBe(false);
  });

  it('serialize objects with sorted keys, arrays in order', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 1, c: 2 }] })).toBe('{"a":[{"c":2,"d":1}],"b":1}');
  });
});
