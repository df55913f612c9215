import { describe, expect, it } from 'vitest';
import { BASE_CHAIN_ID, DEVNET_BUILD_NETWORKS, LOCAL_DEVNET, PRODUCTION_NETWORKS, type Network } from '../../shared/networks';
import { memoryBackend, typedStorage } from '../storage/typedStorage';
import { NETWORKS_DEFAULTS, createNetworks } from './registry';

const DEVNET_BUILD = { builtIn: DEVNET_BUILD_NETWORKS, devnetBuild: true };
const PRODUCTION = { builtIn: PRODUCTION_NETWORKS, devnetBuild: false };

const DEVNET = '0x7a69';
const edit = { rpcUrls: ['http://127.0.0.1:9545', 'http://127.0.0.1:9546'], eip7702: false, blockExplorerUrl: 'https://explorer.example' };

describe('editing a built-in network', () => {
  it('applies the user\'s URLs and EIP-7702 over the release\'s entry, keeping its chain id and name', async () => {
    const networks = createNetworks(typedStorage(memoryBackend(), NETWORKS_DEFAULTS), DEVNET_BUILD);
    await networks.editBuiltIn(DEVNET, edit);
    expect(await networks.find(DEVNET)).toEqual({
      chainId: DEVNET, name: 'Local devnet', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, builtIn: true, entryPointV08: true, fastBlocks: true, edited: true, preconfWsUrl: 'ws://127.0.0.1:8550', usdcPaymaster: LOCAL_DEVNET.usdcPaymaster, ...edit,
    });
    // The bundler the release had is gone: the user left it empty.
    expect((await networks.find(DEVNET))?.bundlerUrl).toBeUndefined();
    expect((await networks.selected()).rpcUrls).toEqual(edit.rpcUrls);
  });

  it('keeps only the edits in storage, so they outlive a restart and apply over a new release\'s list', async () => {
    const backend = memoryBackend();
    await createNetworks(typedStorage(backend, NETWORKS_DEFAULTS), DEVNET_BUILD).editBuiltIn(DEVNET, edit);
    expect(await backend.get('builtInEdits')).toEqual({ builtInEdits: { [DEVNET]: edit } });
    expect(await backend.get('addedNetworks')).toEqual({});

    const nextRelease: Network[] = DEVNET_BUILD_NETWORKS.map((n) => (n.chainId === DEVNET ? { ...n, name: 'Devnet', rpcUrls: ['http://127.0.0.1:7545'] } : n));
    nextRelease.push({ chainId: '0x7a6e', name: 'New chain', rpcUrls: ['https://new.example'], nativeCurrency: LOCAL_DEVNET.nativeCurrency, builtIn: true, eip7702: true, entryPointV08: true, fastBlocks: true });
    const restarted = createNetworks(typedStorage(backend, NETWORKS_DEFAULTS), { builtIn: nextRelease, devnetBuild: true });
    expect(await restarted.find(DEVNET)).toMatchObject({ name: 'Devnet', rpcUrls: edit.rpcUrls, eip7702: false, edited: true });
    expect(await restarted.find('0x7a6e')).toMatchObject({ name: 'New chain', rpcUrls: ['https://new.example'] });
    expect((await restarted.find('0x7a6e'))?.edited).toBeUndefined();
  });

  it('Restore defaults forgets the edits, and an earlier refusal of type-4 transactions', async () => {
    const networks = createNetworks(typedStorage(memoryBackend(), NETWORKS_DEFAULTS), DEVNET_BUILD);
    await networks.editBuiltIn(DEVNET, edit);
    await networks.markWithoutEip7702(DEVNET);
    await networks.restoreBuiltIn(DEVNET);
    expect(await networks.find(DEVNET)).toEqual(LOCAL_DEVNET);
  });

  it('edits only built-in networks', async () => {
    const networks = createNetworks(typedStorage(memoryBackend(), NETWORKS_DEFAULTS), DEVNET_BUILD);
    await expect(networks.editBuiltIn('0x7a6c', edit)).rejects.toThrow('0x7a6c is not a built-in network');
    await expect(networks.restoreBuiltIn('0x7a6c')).rejects.toThrow('0x7a6c is not a built-in network');
  });
});

describe('one network found by its chain', () => {
  it('is the release\'s where an added network has the same chain id, and carries what detection found; configured() does not', async () => {
    const local = typedStorage(memoryBackend(), NETWORKS_DEFAULTS);
    const networks = createNetworks(local, DEVNET_BUILD);
    await local.set('addedNetworks', [{ ...LOCAL_DEVNET, name: 'Impostor', builtIn: false }]);
    await local.set('networkFacts', { [DEVNET]: { at: 1, rpcUrls: LOCAL_DEVNET.rpcUrls, eip7702: false, contracts: false } });
    expect(await networks.find('0x7A69')).toMatchObject({ name: 'Local devnet', builtIn: true, eip7702: false, entryPointV08: false });
    expect(await networks.configured(DEVNET)).toMatchObject({ name: 'Local devnet', eip7702: true, entryPointV08: true });
    await local.set('chainsWithoutEip7702', [DEVNET]);
    await local.set('networkFacts', {});
    expect(await networks.selected()).toMatchObject({ name: 'Local devnet', eip7702: false, entryPointV08: true });
    expect((await networks.all()).filter((n) => n.chainId === DEVNET).map((n) => n.name)).toEqual(['Local devnet', 'Impostor']);
  });
});

describe('a stored edit the editor would have refused (planted)', () => {
  it('is ignored: the release\'s node stays', async () => {
    const backend = memoryBackend();
    await backend.set({ builtInEdits: { [DEVNET]: { rpcUrls: ['http://127.0.0.1:8546', 'http://attacker.example:8545'], eip7702: true } } });
    const networks = createNetworks(typedStorage(backend, NETWORKS_DEFAULTS), DEVNET_BUILD);
    expect((await networks.find(DEVNET))?.rpcUrls).toEqual(['http://127.0.0.1:8545']);
    await backend.set({ builtInEdits: { [DEVNET]: { rpcUrls: [], eip7702: true } } });
    expect((await networks.find(DEVNET))?.rpcUrls).toEqual(['http://127.0.0.1:8545']);
  });
});

describe('eth_sendRawTransactionSync', () => {
  it('is used on chains the release knows as fast and nodes on this machine only: Ethereum\'s or a remote added chain\'s blocks may be slow', async () => {
    const networks = createNetworks(typedStorage(memoryBackend(), NETWORKS_DEFAULTS), DEVNET_BUILD);
    const added = { nativeCurrency: LOCAL_DEVNET.nativeCurrency, builtIn: false, eip7702: true, entryPointV08: true, fastBlocks: true };
    await networks.add({ chainId: '0x7a6c', name: 'Far', rpcUrls: ['https://far.example'], ...added });
    await networks.add({ chainId: '0x7a6b', name: 'Mine', rpcUrls: ['http://127.0.0.1:8547'], ...added });
    const chains = [DEVNET, BASE_CHAIN_ID, '0x1', '0x7a6c', '0x7a6b'] as const;
    expect(await Promise.all(chains.map((c) => networks.sendsSync(c)))).toEqual([true, true, false, false, true]);
  });

  it('once a network\'s node lacked it, is not asked again of the same endpoints; other endpoints are', async () => {
    const networks = createNetworks(typedStorage(memoryBackend(), NETWORKS_DEFAULTS), DEVNET_BUILD);
    await networks.markWithoutSyncSend(DEVNET);
    expect(await networks.sendsSync(DEVNET)).toBe(false);
    await networks.editBuiltIn(DEVNET, { rpcUrls: ['http://127.0.0.1:8546'], eip7702: true });
    expect(await networks.sendsSync(DEVNET)).toBe(true);
  });
});

describe('the production build', () => {
  const mine = (bundlerUrl: string): Network => ({ ...LOCAL_DEVNET, chainId: '0x7a6b', name: 'Mine', builtIn: false, bundlerUrl });

  it('has no local devnet: a stored selection of it falls back to Base, and a site cannot select it', async () => {
    const backend = memoryBackend();
    await backend.set({ selectedChainId: DEVNET, builtInEdits: { [DEVNET]: { rpcUrls: ['http://127.0.0.1:8545'], eip7702: true } } });
    const networks = createNetworks(typedStorage(backend, NETWORKS_DEFAULTS), PRODUCTION);
    expect((await networks.all()).map((n) => n.chainId)).toEqual(PRODUCTION_NETWORKS.map((n) => n.chainId));
    expect(await networks.find(DEVNET)).toBeUndefined();
    expect((await networks.selected()).chainId).toBe(BASE_CHAIN_ID);
    expect(networks.isBuiltIn(DEVNET)).toBe(false);
    await expect(networks.select(DEVNET)).rejects.toThrow(`Unknown network ${DEVNET}`);
    await expect(networks.editBuiltIn(DEVNET, edit)).rejects.toThrow(`${DEVNET} is not a built-in network`);
  });

  it('keeps no bundler on this machine from storage: an added network\'s is dropped, a built-in\'s edit ignored', async () => {
    const backend = memoryBackend();
    const plantedEdit = { rpcUrls: ['https://base.example'], eip7702: true, bundlerUrl: 'http://127.0.0.1:4337/rpc' };
    await backend.set({ addedNetworks: [mine('http://127.0.0.1:4337/rpc'), { ...mine('https://bundler.example'), chainId: '0x7a6c', builtIn: true }], builtInEdits: { [BASE_CHAIN_ID]: plantedEdit } });
    const networks = createNetworks(typedStorage(backend, NETWORKS_DEFAULTS), PRODUCTION);
    expect((await networks.find('0x7a6b'))?.bundlerUrl).toBeUndefined();
    expect(await networks.find('0x7a6b')).toMatchObject({ entryPointV08: false, fastBlocks: false });
    // A planted "built-in" added network would switch without asking: it is an added one.
    expect(await networks.find('0x7a6c')).toMatchObject({ builtIn: false, bundlerUrl: 'https://bundler.example' });
    expect(await networks.find(BASE_CHAIN_ID)).toEqual(PRODUCTION_NETWORKS[0]);

    const devnetBuild = createNetworks(typedStorage(backend, NETWORKS_DEFAULTS), DEVNET_BUILD);
    expect((await devnetBuild.find('0x7a6b'))?.bundlerUrl).toBe('http://127.0.0.1:4337/rpc');
    expect(await devnetBuild.find(BASE_CHAIN_ID)).toMatchObject({ bundlerUrl: plantedEdit.bundlerUrl, edited: true });
  });
});

describe('a keyless public bundler', () => {
  it('is the release\'s, for its own networks only: one stored with an added network (planted) is dropped', async () => {
    const backend = memoryBackend();
    await backend.set({ addedNetworks: [{ ...LOCAL_DEVNET, chainId: '0x7a6b', name: 'Mine', builtIn: false, publicBundlerUrl: 'https://bundler.attacker.example/rpc' }] });
    const networks = createNetworks(typedStorage(backend, NETWORKS_DEFAULTS), PRODUCTION);
    expect((await networks.find('0x7a6b'))?.publicBundlerUrl).toBeUndefined();
    expect((await networks.find(BASE_CHAIN_ID))?.publicBundlerUrl).toBe('https://public.pimlico.io/v2/8453/rpc');
  });
});

describe('a USDC paymaster', () => {
  it("is the release's, for its own networks only: one stored with an added network (planted) is dropped", async () => {
    const backend = memoryBackend();
    const planted = { paymaster: '0x000000000000000000000000000000000000bad1', token: '0x000000000000000000000000000000000000bad2' } as const;
    await backend.set({ addedNetworks: [{ ...LOCAL_DEVNET, chainId: '0x7a6b', name: 'Mine', builtIn: false, usdcPaymaster: planted }] });
    const networks = createNetworks(typedStorage(backend, NETWORKS_DEFAULTS), PRODUCTION);
    expect((await networks.find('0x7a6b'))?.usdcPaymaster).toBeUndefined();
    expect((await networks.find(BASE_CHAIN_ID))?.usdcPaymaster?.paymaster).toBe('0x0578cFB241215b77442a541325d6A4E6dFE700Ec');
  });
});
