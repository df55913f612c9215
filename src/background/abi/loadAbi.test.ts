import { Interface } from 'ethers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOADING } from '../browser/classicScript';

/** Fresh modules (they remember, on the global scope, what they loaded). */
const fresh = async () => {
  Reflect.deleteProperty(globalThis, LOADING);
  vi.resetModules();
  return { ...(await import('./loadAbi')), ...(await import('./abiInterface')) };
};

afterEach(() => vi.unstubAllGlobals());

describe('ethers\' ABI code', () => {
  it('is ethers\' own where it is not built (tests)', async () => {
    const { abiScript, loadAbi } = await fresh();
    expect(abiScript).toBeUndefined();
    expect((await loadAbi()).Interface).toBe(Interface);
  });

  it('built, is what the ABI script puts in its global, loaded on the first Interface asked for, once', async () => {
    vi.stubGlobal('__ABI_SCRIPT__', 'background-abi.js');
    const imported: string[] = [];
    vi.stubGlobal('importScripts', (file: string) => (imported.push(file), vi.stubGlobal('__batchWalletAbi', { Interface })));
    const { abiScript, abiInterface } = await fresh();
    expect(abiScript).toBe('background-abi.js');
    const abi = ['function balanceOf(address owner) view returns (uint256)'];
    const balance = abiInterface(abi);
    expect(imported).toEqual([]);
    const owner = '0x000000000000000000000000000000000000dEaD';
    expect((await balance()).encodeFunctionData('balanceOf', [owner])).toBe(new Interface(abi).encodeFunctionData('balanceOf', [owner]));
    expect(await balance()).toBe(await balance());
    expect(imported).toEqual(['background-abi.js']);
  });

  it('a failed load is tried again on the next Interface asked for', async () => {
    vi.stubGlobal('__ABI_SCRIPT__', 'background-abi.js');
    vi.stubGlobal('importScripts', () => {
      throw new Error('background-abi.js failed to load');
    });
    const { abiInterface } = await fresh();
    const balance = abiInterface(['function balanceOf(address owner) view returns (uint256)']);
    await expect(balance()).rejects.toThrow('background-abi.js failed to load');
    vi.stubGlobal('importScripts', () => vi.stubGlobal('__batchWalletAbi', { Interface }));
    expect((await balance()).getFunction('balanceOf')?.selector).toBe('0x70a08231');
  });
});
