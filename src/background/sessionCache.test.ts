/**
 * The worker reads storage.session once per key, then from memory (in Firefox each read is a trip to the parent
 * process, and an approval read it four times before its window opened); a change heard drops the copy.
 */
import { describe, expect, it } from 'vitest';
import { memoryBackend, type StorageArea } from './storage/typedStorage';
import { testServices } from './testing';

const MNEMONIC = 'test test test test test test test test test test test junk';

describe('storage.session in the worker', () => {
  it('is read once per key, and again after a change is heard', async () => {
    const area = memoryBackend();
    const reads: string[] = [];
    const counted: StorageArea = { ...area, get: (keys) => (reads.push(...[keys ?? '*'].flat()), area.get(keys)) };
    let heard: (changes: Record<string, unknown>) => void = () => undefined;
    const { page } = testServices(counted, undefined, undefined, (listener) => (heard = listener));
    expect(await page('createWallet', { mnemonic: MNEMONIC, password: 'correct horse battery' })).toEqual({ result: null });
    await page('getState');
    reads.length = 0;
    await page('getState');
    expect(reads).toEqual([]);
    heard({ secret: {} });
    await page('getState');
    // Its readers side by side may each read it before the first fills the copy.
    expect(new Set(reads)).toEqual(new Set(['secret']));
  });
});
