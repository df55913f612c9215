import { describe, expect, it } from 'vitest';
import { BUILT_IN_NETWORKS, type Network } from '../../shared/networks';
import { memoryBackend, typedStorage } from '../storage/typedStorage';
import { NETWORKS_DEFAULTS, createNetworks } from './registry';

const DEVNET = '0x7a69';
const edit = { rpcUrl: 'http://127.0.0.1:9545', eip7702: false, blockExplorerUrl: 'https://explorer.example' };

describe('editing a built-in network', () => {
  it('applies the user\'s URLs and EIP-7702 over the release\'s entry, keeping its chain id and name', async () => {
    const networks = createNetworks(typedStorage(memoryBackend(), NETWORKS_DEFAULTS));
    await networks.editBuiltIn(DEVNET, edit);
    expect(await networks.find(DEVNET)).toEqual({
      chainId: DEVNET, name: 'Local devnet', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, builtIn: true, edited: true, ...edit,
    });
    // The bundler the release had is gone: the user left it empty.
    expect((await networks.find(DEVNET))?.bundlerUrl).toBeUndefined();
    expect((await networks.selected()).rpcUrl).toBe(edit.rpcUrl);
  });

  it('keeps only the edits in storage, so they outlive a restart and apply over a new release\'s list', async () => {
    const backend = memoryBackend();
    await createNetworks(typedStorage(backend, NETWORKS_DEFAULTS)).editBuiltIn(DEVNET, edit);
    expect(await backend.get('builtInEdits')).toEqual({ builtInEdits: { [DEVNET]: edit } });
    expect(await backend.get('addedNetworks')).toEqual({});

    const nextRelease: Network[] = BUILT_IN_NETWORKS.map((n) => (n.chainId === DEVNET ? { ...n, name: 'Devnet', rpcUrl: 'http://127.0.0.1:7545' } : n));
    nextRelease.push({ chainId: '0xa', name: 'OP Mainnet', rpcUrl: 'https://mainnet.optimism.io', nativeCurrency: BUILT_IN_NETWORKS[0].nativeCurrency, builtIn: true, eip7702: true });
    const restarted = createNetworks(typedStorage(backend, NETWORKS_DEFAULTS), nextRelease);
    expect(await restarted.find(DEVNET)).toMatchObject({ name: 'Devnet', rpcUrl: edit.rpcUrl, eip7702: false, edited: true });
    expect(await restarted.find('0xa')).toMatchObject({ name: 'OP Mainnet', rpcUrl: 'https://mainnet.optimism.io' });
    expect((await restarted.find('0xa'))?.edited).toBeUndefined();
  });

  it('Restore defaults forgets the edits, and an earlier refusal of type-4 transactions', async () => {
    const networks = createNetworks(typedStorage(memoryBackend(), NETWORKS_DEFAULTS));
    await networks.editBuiltIn(DEVNET, edit);
    await networks.markWithoutEip7702(DEVNET);
    await networks.restoreBuiltIn(DEVNET);
    expect(await networks.find(DEVNET)).toEqual(BUILT_IN_NETWORKS.find((n) => n.chainId === DEVNET));
  });

  it('edits only built-in networks', async () => {
    const networks = createNetworks(typedStorage(memoryBackend(), NETWORKS_DEFAULTS));
    await expect(networks.editBuiltIn('0x7a6c', edit)).rejects.toThrow('0x7a6c is not a built-in network');
    await expect(networks.restoreBuiltIn('0x7a6c')).rejects.toThrow('0x7a6c is not a built-in network');
  });
});

describe('a stored edit the editor would have refused (planted)', () => {
  it('is ignored: the release\'s node stays', async () => {
    const backend = memoryBackend();
    await backend.set({ builtInEdits: { [DEVNET]: { rpcUrl: 'http://attacker.example:8545', eip7702: true } } });
    const networks = createNetworks(typedStorage(backend, NETWORKS_DEFAULTS));
    expect((await networks.find(DEVNET))?.rpcUrl).toBe('http://127.0.0.1:8545');
  });
});

describe('eth_sendRawTransactionSync', () => {
  it('is used on built-in chains and nodes on this machine only: a remote added chain\'s blocks may be slow', async () => {
    const networks = createNetworks(typedStorage(memoryBackend(), NETWORKS_DEFAULTS));
    const currency = BUILT_IN_NETWORKS[0].nativeCurrency;
    await networks.add({ chainId: '0x1', name: 'Ethereum', rpcUrl: 'https://eth.example', nativeCurrency: currency, builtIn: false, eip7702: true });
    await networks.add({ chainId: '0x7a6b', name: 'Mine', rpcUrl: 'http://127.0.0.1:8547', nativeCurrency: currency, builtIn: false, eip7702: true });
    expect([await networks.sendsSync(DEVNET), await networks.sendsSync('0x1'), await networks.sendsSync('0x7a6b')]).toEqual([true, false, true]);
  });
});
