import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOADING } from './classicScript';

/** Another copy of classicScript.ts, as the later script bundles one. */
const copy = async () => {
  vi.resetModules();
  return import('./classicScript');
};
/** A fresh classicScript.ts (it remembers, on the global scope, what it loaded). */
const fresh = async () => {
  Reflect.deleteProperty(globalThis, LOADING);
  return copy();
};
const code = { run: vi.fn() };

afterEach(() => vi.unstubAllGlobals());

describe('a classic script loaded on first use', () => {
  it('in Chrome\'s service worker: imported while it installs, then imported again when first needed, once', async () => {
    const listeners: Record<string, () => void> = {};
    vi.stubGlobal('addEventListener', (type: string, listener: () => void) => (listeners[type] = listener));
    const imported: string[][] = [];
    vi.stubGlobal('importScripts', (...files: string[]) => {
      imported.push(files);
      vi.stubGlobal('__code', code);
    });
    const { importWhileInstalling, loadClassicScript } = await fresh();
    importWhileInstalling(['a.js', undefined, 'b.js']);
    listeners.install();
    expect(imported).toEqual([['a.js', 'b.js']]);
    vi.stubGlobal('__code', undefined);
    expect(await loadClassicScript('a.js', '__code')).toBe(code);
    expect(await loadClassicScript('a.js', '__code')).toBe(code);
    expect(imported).toEqual([['a.js', 'b.js'], ['a.js']]);
  });

  it('in Firefox\'s event page: a script element, waited for; a failed load is tried again on the next use', async () => {
    const added: { src: string; onload?: () => void; onerror?: () => void }[] = [];
    vi.stubGlobal('document', { createElement: () => ({}), head: { append: (script: (typeof added)[number]) => added.push(script) } });
    const { loadClassicScript } = await fresh();
    const failing = loadClassicScript('a.js', '__code');
    added[0].onerror!();
    await expect(failing).rejects.toThrow('a.js failed to load');
    const loading = loadClassicScript('a.js', '__code');
    expect(added.map((s) => s.src)).toEqual(['a.js', 'a.js']);
    vi.stubGlobal('__code', code);
    added[1].onload!();
    expect(await loading).toBe(code);
  });

  it('is added once in Firefox\'s event page, though the first script and the later one each carry a copy of this loader', async () => {
    const added: { src: string; onload?: () => void }[] = [];
    vi.stubGlobal('document', { createElement: () => ({}), head: { append: (script: (typeof added)[number]) => added.push(script) } });
    const first = await fresh();
    const later = await copy();
    const loaded = [first.loadClassicScript('a.js', '__code'), later.loadClassicScript('a.js', '__code')];
    vi.stubGlobal('__code', code);
    for (const script of added) script.onload!();
    expect(await Promise.all(loaded)).toEqual([code, code]);
    expect(added.map((s) => s.src)).toEqual(['a.js']);
  });

  it('fails, and is tried again, when the script defines nothing', async () => {
    const imported: string[] = [];
    vi.stubGlobal('importScripts', (file: string) => imported.push(file));
    const { loadClassicScript } = await fresh();
    await expect(loadClassicScript('a.js', '__code')).rejects.toThrow('a.js did not define __code');
    vi.stubGlobal('importScripts', (file: string) => (imported.push(file), vi.stubGlobal('__code', code)));
    expect(await loadClassicScript('a.js', '__code')).toBe(code);
    expect(imported).toEqual(['a.js', 'a.js']);
  });

  it('is not imported at install where there is no importScripts (Firefox), nor unbuilt', async () => {
    const addEventListener = vi.fn();
    vi.stubGlobal('addEventListener', addEventListener);
    const { importWhileInstalling } = await fresh();
    importWhileInstalling(['a.js']);
    vi.stubGlobal('importScripts', vi.fn());
    importWhileInstalling([undefined]);
    expect(addEventListener).not.toHaveBeenCalled();
  });
});
