/**
 * Every open wallet page reads again when storage changes, except when only the worker's bookkeeping changed
 * (shared/workerBookkeeping.ts): so what those reads answer must not depend on it. The page methods the pages call on
 * a change read none of those keys.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOOKKEEPING_KEYS, PAGE_STATE_PREFIX } from '../../shared/workerBookkeeping';
import { SESSION_DEFAULTS } from '../schema';
import { memoryKeyStore } from '../storage/seal';
import { memoryBackend, type StorageArea } from '../storage/typedStorage';
import { testServices } from '../testing';

const MNEMONIC = 'test test test test test test test test test test test junk';
const PASSWORD = 'correct horse battery';

/** `area`, noting every key read (`*` for a read of everything). */
function recording(area: StorageArea): StorageArea & { read: Set<string> } {
  const read = new Set<string>();
  return { ...area, read, get: (keys) => (keys === null ? read.add('*') : [keys].flat().forEach((key) => read.add(key)), area.get(keys)) };
}

afterEach(() => vi.unstubAllGlobals());

describe('what the pages read again on a storage change', () => {
  it('reads none of the worker\'s bookkeeping keys, nor what pages keep', async () => {
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      const { id } = JSON.parse(init.body as string) as { id: number };
      return new Response(JSON.stringify({ jsonrpc: '2.0', id, result: '0x0' }), { headers: { 'Content-Type': 'application/json' } });
    });
    const session = recording(memoryBackend());
    const kept = { localArea: recording(memoryBackend()), sealKeys: memoryKeyStore() };
    const first = testServices(session, undefined, kept);
    expect(await first.page('createWallet', { mnemonic: MNEMONIC, password: PASSWORD })).toEqual({ result: null });
    await first.send('https://dapp.example', { method: 'eth_requestAccounts' });
    const { result: state } = (await first.page('getState')) as { result: { accounts: { address: string }[]; selectedChainId: string } };

    // A new worker (nothing in memory), then each read a page makes when storage changes.
    const { page } = testServices(session, undefined, kept);
    session.read.clear();
    kept.localArea.read.clear();
    for (const [method, params] of [['getState'], ['getActivity'], ['getAllowances'], ['getGrants'], ['getTokens', { account: state.accounts[0].address, chainId: state.selectedChainId }]] as const) {
      expect(await page(method, params)).toHaveProperty('result');
    }
    const read = [...session.read, ...kept.localArea.read];
    expect(read.length).toBeGreaterThan(0);
    expect(read.filter((key) => key === '*' || BOOKKEEPING_KEYS.includes(key as never) || key.startsWith(PAGE_STATE_PREFIX))).toEqual([]);
  });

  it('names keys the worker keeps in session storage (a key renamed there is not silently shown again)', () => {
    for (const key of BOOKKEEPING_KEYS) expect(Object.keys(SESSION_DEFAULTS)).toContain(key);
  });
});
