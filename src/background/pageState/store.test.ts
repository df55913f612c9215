import { describe, expect, it } from 'vitest';
import { quotaArea } from '../storage/testing';
import { memoryBackend, typedStorage } from '../storage/typedStorage';
import { UNLOCKED_DEFAULTS, VAULT_DEFAULTS, createVault } from '../vault/vault';
import { PAGE_STATE_BYTES, SITE_SHARE_BYTES, createPageState } from './store';

/** A record of about `bytes` bytes as stored. */
const record = (bytes: number) => ({ data: 'x'.repeat(Math.max(0, bytes - 64)) });

describe('what pages make the wallet keep', () => {
  it('is refused (-32005, nothing written) past a site’s share, other sites unaffected; a replaced record counts once', async () => {
    const area = quotaArea();
    const pages = createPageState(area);
    for (let i = 0; i < 7; i++) await pages.put('a.example', `filter ${i}`, record(70 * 1024));
    await expect(pages.put('a.example', 'filter 7', record(70 * 1024))).rejects.toMatchObject({ code: -32005, message: expect.stringContaining('a.example would keep more than 512 KiB') });
    expect(await pages.count('filter ', 'a.example')).toBe(7);
    expect(await pages.replace('filter 6', record(70 * 1024))).toBe(true);
    expect(await pages.bytes('a.example')).toBeLessThanOrEqual(SITE_SHARE_BYTES);
    await pages.put('b.example', 'filter 0', record(70 * 1024));
    expect(await pages.replace('filter gone', record(10))).toBe(false);
  });

  it('is refused past PAGE_STATE_BYTES for all sites together, and counts what an earlier worker stored', async () => {
    const area = quotaArea();
    const pages = createPageState(area);
    const sites = Math.floor(PAGE_STATE_BYTES / SITE_SHARE_BYTES);
    for (let site = 0; site < sites; site++) for (let i = 0; i < 7; i++) await pages.put(`s${site}.example`, `filter ${site} ${i}`, record(72 * 1024));
    await expect(pages.put('late.example', 'filter late', record(72 * 1024))).rejects.toMatchObject({ code: -32005, message: expect.stringContaining('All sites would keep more than 2048 KiB') });
    const restarted = createPageState(area);
    await expect(restarted.put('late.example', 'filter late', record(72 * 1024))).rejects.toMatchObject({ code: -32005 });
    await restarted.remove(['filter 0 0']);
    await expect(restarted.put('late.example', 'filter late', record(72 * 1024))).resolves.toBeUndefined();
  });

  it('leaves the wallet’s own state room: with every page’s share full, the unlocked secret is still written', async () => {
    const area = quotaArea();
    const pages = createPageState(area);
    let site = 0;
    // Fill from as many sites as it takes, until every write is refused.
    for (;;) {
      const before = await pages.bytes();
      for (let i = 0; i < 64; i++) await pages.put(`s${site}.example`, `filter ${site} ${i}`, record(16 * 1024)).catch(() => undefined);
      site++;
      if ((await pages.bytes()) === before) break;
    }
    expect(await pages.bytes()).toBeGreaterThan(PAGE_STATE_BYTES - 16 * 1024);
    const vault = createVault(typedStorage(memoryBackend(), VAULT_DEFAULTS), typedStorage(area, UNLOCKED_DEFAULTS));
    await vault.create({ mnemonic: 'test test test test test test test test test test test junk' }, 'a long password');
    await vault.lock();
    await expect(vault.unlock('a long password')).resolves.toMatchObject({ mnemonic: expect.any(String) });
    expect(await vault.isUnlocked()).toBe(true);
  });

  it('writes a record replaced by one no larger without waiting behind the other writes, and never brings back one removed meanwhile', async () => {
    const memory = memoryBackend();
    let holdBig: () => void = () => undefined;
    const area = { ...memory, set: async (items: Record<string, unknown>) => {
      if (Object.keys(items).some((key) => key.endsWith('big'))) await new Promise<void>((resolve) => (holdBig = resolve));
      return memory.set(items);
    } };
    const pages = createPageState(area);
    await pages.put('a.example', 'head 1', { tip: 10 });
    await pages.put('a.example', 'head 2', { tip: 10 });
    const big = pages.put('b.example', 'big', record(4096));
    await Promise.resolve();
    // The big write is on its way to storage; the heads move on meanwhile.
    await expect(pages.replace('head 1', { tip: 11 })).resolves.toBe(true);
    const removing = pages.remove(['head 2']);
    const replacing = pages.replace('head 2', { tip: 11 });
    holdBig();
    await Promise.all([big, removing]);
    expect(await replacing).toBe(false);
    expect(Object.keys(await pages.list('head '))).toEqual(['head 1']);
    expect((await pages.get<{ tip: number }>('head 1'))?.record.tip).toBe(11);
  });
});
