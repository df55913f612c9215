import { afterEach, describe, expect, it, vi } from 'vitest';
import { randomHex, randomId } from './randomId';

describe('randomId', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is a version-4 UUID, different each time, without crypto.randomUUID (as on a plain-http page)', () => {
    vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto) });
    const ids = new Set(Array.from({ length: 100 }, randomId));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('randomHex', () => {
  it('is the bytes asked for, as 0x-prefixed lowercase hex, different each time', () => {
    const ids = new Set(Array.from({ length: 50 }, () => randomHex(32)));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^0x[0-9a-f]{64}$/);
    expect(randomHex(16)).toMatch(/^0x[0-9a-f]{32}$/);
  });
});
