import { describe, expect, it } from 'vitest';
import { DEVNET_BUILD_NETWORKS, type Network } from '../../shared/networks';
import { memoryBackend, typedStorage, type StorageBackend } from '../storage/typedStorage';
import { NETWORKS_DEFAULTS, createNetworks } from './registry';
import { rememberSelected } from './rememberSelected';

const ADDED: Network = { chainId: '0x7a6b', name: 'Mine', rpcUrls: ['http://127.0.0.1:8547'], nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, builtIn: false, eip7702: true, entryPointV08: false, fastBlocks: false };

/** A backend that counts reads, and a storage.onChanged to fire by hand. */
function setUp() {
  const backend = memoryBackend();
  let reads = 0;
  const counted: StorageBackend = { get: (key) => (reads++, backend.get(key)), set: (items) => backend.set(items) };
  const listeners: ((changes: Record<string, unknown>) => void)[] = [];
  const networks = rememberSelected(createNetworks(typedStorage(counted, NETWORKS_DEFAULTS), { builtIn: DEVNET_BUILD_NETWORKS, devnetBuild: true }), (listener) => listeners.push(listener));
  return { backend, networks, reads: () => reads, changed: (changes: Record<string, unknown>) => listeners.forEach((l) => l(changes)) };
}

describe('the selected network', () => {
  it('is read from storage once, then from memory', async () => {
    const { networks, reads } = setUp();
    expect((await networks.selected()).chainId).toBe(NETWORKS_DEFAULTS.selectedChainId);
    const after = reads();
    await networks.selected();
    expect(reads()).toBe(after);
  });

  it('follows the wallet’s own changes at once', async () => {
    const { networks } = setUp();
    await networks.selected();
    await networks.add(ADDED);
    await networks.select(ADDED.chainId);
    expect(await networks.selected()).toEqual(ADDED);
    await networks.markWithoutEip7702(ADDED.chainId);
    expect((await networks.selected()).eip7702).toBe(false);
    await networks.remove(ADDED.chainId);
    expect(await networks.selected()).toEqual(DEVNET_BUILD_NETWORKS[0]);
  });

  it('follows an edit of the selected built-in network at once, and its restore', async () => {
    const { networks } = setUp();
    const builtIn = await networks.selected();
    await networks.editBuiltIn(builtIn.chainId, { rpcUrls: ['http://127.0.0.1:8547'], eip7702: true });
    expect((await networks.selected()).rpcUrls).toEqual(['http://127.0.0.1:8547']);
    await networks.restoreBuiltIn(builtIn.chainId);
    expect((await networks.selected()).rpcUrls).toEqual(builtIn.rpcUrls);
  });

  it('is read again after a write that bypassed it (a wallet reset), when told to forget, before storage says so', async () => {
    const { backend, networks } = setUp();
    await networks.select('0x14a34');
    expect((await networks.selected()).chainId).toBe('0x14a34');
    await backend.set({ selectedChainId: NETWORKS_DEFAULTS.selectedChainId });
    networks.forget();
    expect((await networks.selected()).chainId).toBe(NETWORKS_DEFAULTS.selectedChainId);
  });

  it('is read again after storage says something changed', async () => {
    const { backend, networks, reads, changed } = setUp();
    await networks.selected();
    await backend.set({ selectedChainId: '0x14a34' });
    expect((await networks.selected()).chainId).toBe(NETWORKS_DEFAULTS.selectedChainId);
    const before = reads();
    changed({ selectedChainId: { newValue: '0x14a34' } });
    expect((await networks.selected()).chainId).toBe('0x14a34');
    expect(reads()).toBeGreaterThan(before);
  });

  it('does not keep what was read while a change came', async () => {
    const { backend, networks, changed } = setUp();
    const reading = networks.selected();
    await backend.set({ selectedChainId: '0x14a34' });
    changed({ selectedChainId: {} });
    await reading;
    expect((await networks.selected()).chainId).toBe('0x14a34');
  });
});
