import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOADING } from './browser/classicScript';

/** A fresh loadLater.ts (it remembers, on the global scope, what it loaded). */
const fresh = async () => {
  Reflect.deleteProperty(globalThis, LOADING);
  vi.resetModules();
  return import('./loadLater');
};

afterEach(() => vi.unstubAllGlobals());

describe('the worker\'s later code', () => {
  it('is the modules themselves where it is not built (tests)', async () => {
    const { laterScript, loadLater } = await fresh();
    expect(laterScript).toBeUndefined();
    expect(typeof (await loadLater()).reviewTypedData).toBe('function');
  });

  it('built, is what the later script puts in its global', async () => {
    vi.stubGlobal('__LATER_SCRIPT__', 'background-later.js');
    const later = { reviewCalls: vi.fn() };
    const imported: string[] = [];
    vi.stubGlobal('importScripts', (file: string) => (imported.push(file), vi.stubGlobal('__batchWalletLater', later)));
    const { laterScript, loadLater } = await fresh();
    expect(laterScript).toBe('background-later.js');
    expect(await loadLater()).toBe(later);
    expect(imported).toEqual(['background-later.js']);
  });
});
