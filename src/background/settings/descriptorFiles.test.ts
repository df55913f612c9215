import { describe, expect, it } from 'vitest';
import { isCollected } from '../storage/testing';
import { createDescriptorFiles, memoryDescriptorFileStore, type StoredDescriptorFiles } from './descriptorFiles';

describe('descriptor files update', () => {
  it('keeps nothing of an update once it settled: the files written are left to the collector', async () => {
    const files = createDescriptorFiles(memoryDescriptorFileStore(), Promise.resolve());
    let written: WeakRef<StoredDescriptorFiles> | undefined;
    // Awaited without its value, which the test's own suspended frame could keep.
    await files.update((current) => {
      const value = { ...current, files: [{ name: 'a.json', json: {} }] };
      written = new WeakRef(value);
      return value;
    }).then(() => undefined);
    expect(await isCollected(written!)).toBe(true);
    expect((await files.get()).files.map((f) => f.name)).toEqual(['a.json']);
  });
});
