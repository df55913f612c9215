import { describe, expect, it } from 'vitest';
import { SEAL_KEY_DEFAULTS, canonicalJson, createSealer, isSealed, seal } from './seal';
import { memoryBackend, typedStorage } from './typedStorage';

describe('sealed records', () => {
  it('verify as sealed, in any key order, and fail once anything changes', async () => {
    const key = await createSealer(typedStorage(memoryBackend(), SEAL_KEY_DEFAULTS)).key();
    const record = seal(key, { id: 'a', decision: { approved: true }, calls: [{ to: '0x01', value: '0x0' }] });
    expect(isSealed(key, { calls: record.calls, seal: record.seal, decision: record.decision, id: 'a' })).toBe(true);
    expect(isSealed(key, { ...record, calls: [{ to: '0x02', value: '0x0' }] })).toBe(false);
    expect(isSealed(key, { ...record, seal: undefined })).toBe(false);
    expect(isSealed(key, { id: 'a' })).toBe(false);
  });

  it('use one key per browser session: made once, kept in session storage', async () => {
    const session = typedStorage(memoryBackend(), SEAL_KEY_DEFAULTS);
    const [a, b] = await Promise.all([createSealer(session).key(), createSealer(session).key()]);
    expect(a).toBe(b);
    expect(a).toMatch(/^0x[0-9a-f]{64}$/);
    const other = await createSealer(typedStorage(memoryBackend(), SEAL_KEY_DEFAULTS)).key();
    expect(isSealed(other, seal(a, { id: 'a' }))).toBe(false);
  });

  it('serialize objects with sorted keys, arrays in order', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 1, c: 2 }] })).toBe('{"a":[{"c":2,"d":1}],"b":1}');
  });
});
