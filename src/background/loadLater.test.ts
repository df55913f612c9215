import { afterEach, describe, expect, it, vi } from 'vitest';

/** A fresh loadLater.ts (it remembers what it loaded). */
const fresh = async () => {
  vi.resetModules();
  return import('./loadLater');
};
const later = { reviewCalls: vi.fn(), reviewTypedData: vi.fn(), createPreviews: vi.fn() };

afterEach(() => vi.unstubAllGlobals());

describe('the worker\'s later code', () => {
  it('is the modules themselves where it is not built (tests)', async () => {
    const { loadLater } = await fresh();
    expect(typeof (await loadLater()).reviewTypedData).toBe('function');
  });

  it('in Chrome\'s service worker: imported while it installs, then imported again when first needed, once', async () => {
    vi.stubGlobal('__LATER_SCRIPT__', 'background-later.js');
    const listeners: Record<string, () => void> = {};
    vi.stubGlobal('addEventListener', (type: string, listener: () => void) => (listeners[type] = listener));
    const imported: string[] = [];
    vi.stubGlobal('importScripts', (file: string) => {
      imported.push(file);
      vi.stubGlobal('__batchWalletLater', later);
    });
    const { importLaterWhileInstalling, loadLater } = await fresh();
    importLaterWhileInstalling();
    listeners.install();
    expect(imported).toEqual(['background-later.js']);
    vi.stubGlobal('__batchWalletLater', undefined);
    expect(await loadLater()).toBe(later);
    expect(await loadLater()).toBe(later);
    expect(imported).toEqual(['background-later.js', 'background-later.js']);
  });

  it('in Firefox\'s event page: a script element, waited for; a failed load is tried again on the next use', async () => {
    vi.stubGlobal('__LATER_SCRIPT__', 'background-later.js');
    const added: { src: string; onload?: () => void; onerror?: () => void }[] = [];
    vi.stubGlobal('document', { createElement: () => ({}), head: { append: (script: (typeof added)[number]) => added.push(script) } });
    const { loadLater } = await fresh();
    const failing = loadLater();
    added[0].onerror!();
    await expect(failing).rejects.toThrow('background-later.js failed to load');
    const loading = loadLater();
    expect(added.map((s) => s.src)).toEqual(['background-later.js', 'background-later.js']);
    vi.stubGlobal('__batchWalletLater', later);
    added[1].onload!();
    expect(await loading).toBe(later);
  });

  it('is not asked for at install where there is no importScripts (Firefox)', async () => {
    vi.stubGlobal('__LATER_SCRIPT__', 'background-later.js');
    const addEventListener = vi.fn();
    vi.stubGlobal('addEventListener', addEventListener);
    const { importLaterWhileInstalling } = await fresh();
    importLaterWhileInstalling();
    expect(addEventListener).not.toHaveBeenCalled();
  });
});
