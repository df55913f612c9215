import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVNET_BUILD_NETWORKS, LOCAL_DEVNET, PRODUCTION_NETWORKS } from '../../shared/networks';
import { memoryBackend, typedStorage } from '../storage/typedStorage';
import { checkNetwork, removeNetwork, restoreNetwork, saveNetwork, setEndpoints } from './edit';
import { NETWORKS_DEFAULTS, createNetworks } from './registry';

/** A node on this machine that answers eth_chainId with 0x7a6c (or with the chain id its path names: /0x7a69). */
let server: Server;
let url: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const { id } = JSON.parse(body) as { id: number };
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ jsonrpc: '2.0', id, result: req.url?.slice(1) || '0x7a6c' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const input = (overrides = {}) => ({ chainId: '0x7a6c' as const, name: 'Mine', rpcUrls: [url], eip7702: true, ...overrides });

describe('checking a network before it is saved', () => {
  it('accepts a node that serves the chain id', async () => {
    await expect(checkNetwork(input({ bundlerUrl: url }), true)).resolves.toBeUndefined();
  });

  it('refuses a node of another chain, naming both', async () => {
    await expect(checkNetwork(input({ chainId: '0x1' }), true)).rejects.toThrow('RPC URL serves chain 31340 (0x7a6c), not 1 (0x1)');
  });

  it('refuses plain http off this machine and a URL that does not parse, before asking anything', async () => {
    await expect(checkNetwork(input({ rpcUrls: [url, 'http://rpc.example.com'] }), true)).rejects.toThrow(/RPC URL must be https/);
    await expect(checkNetwork(input({ bundlerUrl: 'not a url' }), true)).rejects.toThrow(/Bundler URL must be https/);
  });

  it('edits a built-in network\'s URLs and EIP-7702 after the same checks, keeping its name; restores its defaults', async () => {
    const networks = createNetworks(typedStorage(memoryBackend(), NETWORKS_DEFAULTS), { builtIn: DEVNET_BUILD_NETWORKS, devnetBuild: true });
    const devnet = { chainId: '0x7a69' as const, name: 'Renamed', eip7702: false };
    // The second endpoint serves another chain: refused, though the first is right.
    await expect(saveNetwork(networks, { ...devnet, rpcUrls: [`${url}/0x7a69`, url] }, true)).rejects.toThrow('RPC URL serves chain 31340 (0x7a6c), not 31337 (0x7a69)');
    await expect(saveNetwork(networks, { ...devnet, rpcUrls: ['http://rpc.example.com'] }, true)).rejects.toThrow(/RPC URL must be https/);
    expect(await networks.find('0x7a69')).toEqual(LOCAL_DEVNET);

    await saveNetwork(networks, { ...devnet, rpcUrls: [`${url}/0x7a69`], blockExplorerUrl: 'https://explorer.example/' }, true);
    expect(await networks.find('0x7a69')).toMatchObject({ name: 'Local devnet', rpcUrls: [`${url}/0x7a69`], blockExplorerUrl: 'https://explorer.example', eip7702: false, builtIn: true, edited: true });
    await restoreNetwork(networks, '0x7a69');
    expect(await networks.find('0x7a69')).toEqual(LOCAL_DEVNET);
    await expect(restoreNetwork(networks, '0x7a6c')).rejects.toThrow('0x7a6c is not a built-in network: there are no defaults to restore');
  });

  it('refuses a bundler on this machine in the production build, before asking it anything', async () => {
    await expect(checkNetwork(input({ bundlerUrl: url }), false)).rejects.toThrow(`Bundler URL must be https:// on a host that is not this machine, got ${url}`);
    const networks = createNetworks(typedStorage(memoryBackend(), NETWORKS_DEFAULTS), { builtIn: PRODUCTION_NETWORKS, devnetBuild: false });
    await expect(saveNetwork(networks, { ...input({ bundlerUrl: url }), chainId: '0x2105' }, false)).rejects.toThrow(/^Bundler URL must be https/);
    await expect(saveNetwork(networks, input({ bundlerUrl: url }), false)).rejects.toThrow(/^Bundler URL must be https/);
    expect((await networks.all()).map((n) => n.chainId)).toEqual(PRODUCTION_NETWORKS.map((n) => n.chainId));
  });

  it('never removes a built-in network', async () => {
    const networks = createNetworks(typedStorage(memoryBackend(), NETWORKS_DEFAULTS), { builtIn: DEVNET_BUILD_NETWORKS, devnetBuild: true });
    await expect(removeNetwork(networks, '0x2105', async () => undefined)).rejects.toThrow('0x2105 is a built-in network; it cannot be removed');
  });
});

describe('Settings → Networks: moving, adding and removing endpoints', () => {
  /** Nothing listens on port 9 (discard): a node that is down. */
  const down = 'http://127.0.0.1:9';

  it('saves a new order without asking the endpoints the network had: one that is down can still be moved down or removed', async () => {
    const networks = createNetworks(typedStorage(memoryBackend(), NETWORKS_DEFAULTS), { builtIn: DEVNET_BUILD_NETWORKS, devnetBuild: true });
    await networks.add({ ...LOCAL_DEVNET, ...input({ rpcUrls: [down, url] }), builtIn: false });
    await setEndpoints(networks, '0x7a6c', [url, down], true);
    expect((await networks.find('0x7a6c'))?.rpcUrls).toEqual([url, down]);
    await setEndpoints(networks, '0x7a6c', [url], true);
    expect(await networks.find('0x7a6c')).toMatchObject({ name: 'Mine', rpcUrls: [url], eip7702: true });
  });

  it('asks an added endpoint for the chain id, refuses it with the reason, and keeps the rest of a built-in network as it was', async () => {
    const networks = createNetworks(typedStorage(memoryBackend(), NETWORKS_DEFAULTS), { builtIn: DEVNET_BUILD_NETWORKS, devnetBuild: true });
    const release = LOCAL_DEVNET.rpcUrls;
    await expect(setEndpoints(networks, '0x7a69', [...release, url], true)).rejects.toThrow('RPC URL serves chain 31340 (0x7a6c), not 31337 (0x7a69)');
    await expect(setEndpoints(networks, '0x7a69', [...release, 'http://rpc.example.com'], true)).rejects.toThrow(/RPC URL must be https/);
    await expect(setEndpoints(networks, '0x7a69', [...release, ...release], true)).rejects.toThrow(`RPC URL ${release[0]} is listed twice`);
    expect(await networks.find('0x7a69')).toEqual(LOCAL_DEVNET);

    await setEndpoints(networks, '0x7a69', [`${url}/0x7a69`, ...release], true);
    expect(await networks.find('0x7a69')).toEqual({ ...LOCAL_DEVNET, rpcUrls: [`${url}/0x7a69`, ...release], edited: true });
    await expect(setEndpoints(networks, '0x7a6d', [url], true)).rejects.toThrow('Unknown network 0x7a6d');
  });
});

describe('Settings → Networks: endpoints moved on a network whose node said it has no EIP-7702', () => {
  it('keeps EIP-7702 the release\'s, not the user\'s choice: once the new endpoints say it works, it is on', async () => {
    const backend = memoryBackend();
    const networks = createNetworks(typedStorage(backend, NETWORKS_DEFAULTS), { builtIn: DEVNET_BUILD_NETWORKS, devnetBuild: true });
    const release = LOCAL_DEVNET.rpcUrls;
    // The release's endpoint refused the EIP-7702 probe (a node that lies or lags).
    await backend.set({ networkFacts: { '0x7a69': { at: 0, rpcUrls: release, eip7702: false } } });
    expect((await networks.find('0x7a69'))?.eip7702).toBe(false);
    const moved = [`${url}/0x7a69`, ...release];
    await setEndpoints(networks, '0x7a69', moved, true);
    // The new endpoints' detection finds it works.
    await backend.set({ networkFacts: { '0x7a69': { at: 0, rpcUrls: moved, eip7702: true } } });
    expect((await networks.find('0x7a69'))?.eip7702).toBe(true);
  });
});
