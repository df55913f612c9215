import { describe, expect, it } from 'vitest';
import { hostKind } from './hosts';
import { BASE_CHAIN_ID, DEVNET_BUILD_NETWORKS, LOCAL_DEVNET, LOCAL_DEVNET_CHAIN_ID, PRODUCTION_NETWORKS, defaultChainId, isAllowedBundlerUrl } from './networks';

describe('the network a fresh install selects', () => {
  it('is Base in the production build and the local devnet in the devnet build', () => {
    expect(defaultChainId(false)).toBe(BASE_CHAIN_ID);
    expect(PRODUCTION_NETWORKS.find((n) => n.chainId === defaultChainId(false))?.name).toBe('Base');
    expect(defaultChainId(true)).toBe(LOCAL_DEVNET_CHAIN_ID);
    expect(DEVNET_BUILD_NETWORKS.find((n) => n.chainId === defaultChainId(true))).toBe(LOCAL_DEVNET);
  });
});

describe('the built-in networks', () => {
  const onThisMachine = (url: string) => hostKind(new URL(url).hostname) === 'loopback';

  it('of the production build name no node or bundler on this machine, and not the local devnet', () => {
    expect(PRODUCTION_NETWORKS.map((n) => n.name)).toEqual(['Base', 'Base Sepolia']);
    for (const network of PRODUCTION_NETWORKS) {
      expect(network.chainId).not.toBe(LOCAL_DEVNET_CHAIN_ID);
      expect([network.rpcUrl, network.bundlerUrl ?? 'https://none.example'].filter(onThisMachine)).toEqual([]);
    }
  });

  it('of the devnet build are the production ones and the local devnet', () => {
    expect(DEVNET_BUILD_NETWORKS).toEqual([...PRODUCTION_NETWORKS, LOCAL_DEVNET]);
  });
});

describe('a bundler URL', () => {
  it('may be on this machine in the devnet build only', () => {
    expect(isAllowedBundlerUrl('http://127.0.0.1:4337/rpc', true)).toBe(true);
    for (const url of ['http://127.0.0.1:4337/rpc', 'https://localhost/rpc', 'http://2130706433:4337/', 'https://[::1]/']) expect(isAllowedBundlerUrl(url, false), url).toBe(false);
  });

  it('is https elsewhere, in both builds', () => {
    expect(isAllowedBundlerUrl('https://bundler.example/rpc', false)).toBe(true);
    expect(isAllowedBundlerUrl('http://bundler.example/rpc', true)).toBe(false);
  });
});
