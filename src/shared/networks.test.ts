import { describe, expect, it } from 'vitest';
import { hostKind } from './hosts';
import { BASE_CHAIN_ID, DEVNET_BUILD_NETWORKS, canSponsor, LOCAL_DEVNET, LOCAL_DEVNET_CHAIN_ID, PRODUCTION_NETWORKS, defaultChainId, isAllowedBundlerUrl } from './networks';

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
    for (const network of PRODUCTION_NETWORKS) {
      expect(network.chainId).not.toBe(LOCAL_DEVNET_CHAIN_ID);
      expect([...network.rpcUrls, network.bundlerUrl ?? 'https://none.example'].filter(onThisMachine)).toEqual([]);
    }
  });

  it('of the production build are the chains people use, Base first, each with https endpoints (two where public ones exist)', () => {
    const names = ['Base', 'Ethereum', 'OP Mainnet', 'Arbitrum One', 'Polygon', 'Gnosis', 'BNB Smart Chain', 'Unichain', 'Base Sepolia', 'Sepolia'];
    expect(PRODUCTION_NETWORKS.map((n) => n.name)).toEqual(expect.arrayContaining(names));
    expect(PRODUCTION_NETWORKS[0].name).toBe('Base');
    for (const network of PRODUCTION_NETWORKS) {
      expect(network.rpcUrls.every((url) => url.startsWith('https://')), network.name).toBe(true);
      // PublicNode serves every one but Unichain: a second provider there.
      expect(network.rpcUrls.length, network.name).toBeGreaterThanOrEqual(network.name === 'Unichain' ? 1 : 2);
    }
  });

  it('carry the release\'s facts: EIP-7702 and the v0.8 contracts on every built-in chain; fast blocks but on Ethereum, Sepolia and Gnosis', () => {
    expect(PRODUCTION_NETWORKS.filter((n) => !n.eip7702 || !n.entryPointV08)).toEqual([]);
    expect(PRODUCTION_NETWORKS.filter((n) => !n.fastBlocks).map((n) => n.name)).toEqual(['Ethereum', 'Gnosis', 'Sepolia']);
  });

  it("carry Pimlico's keyless public bundler where it serves the chain, and the local devnet none", () => {
    const base = PRODUCTION_NETWORKS.find((n) => n.name === 'Base');
    expect(base?.publicBundlerUrl).toBe('https://public.pimlico.io/v2/8453/rpc');
    expect(PRODUCTION_NETWORKS.filter((n) => !n.publicBundlerUrl?.startsWith('https://public.pimlico.io/v2/'))).toEqual([]);
    expect(LOCAL_DEVNET.publicBundlerUrl).toBeUndefined();
  });

  it("name Circle's USDC paymaster v0.8 and the chain's USDC where Circle deploys it, and the devnet its own", () => {
    const named = Object.fromEntries(PRODUCTION_NETWORKS.filter((n) => n.usdcPaymaster).map((n) => [n.name, n.usdcPaymaster]));
    const mainnet = '0x0578cFB241215b77442a541325d6A4E6dFE700Ec';
    const testnet = '0x3BA9A96eE3eFf3A69E2B18886AcF52027EFF8966';
    expect(named).toEqual({
      Base: { paymaster: mainnet, token: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913' },
      Ethereum: { paymaster: mainnet, token: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' },
      'OP Mainnet': { paymaster: mainnet, token: '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85' },
      'Arbitrum One': { paymaster: mainnet, token: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831' },
      Polygon: { paymaster: mainnet, token: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359' },
      Unichain: { paymaster: mainnet, token: '0x078D782b760474a361dDA0AF3839290b0EF57AD6' },
      'Base Sepolia': { paymaster: testnet, token: '0x036CbD53842c5426634e7929541eC2318f3dCF7e' },
      Sepolia: { paymaster: testnet, token: '0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238' },
      'OP Sepolia': { paymaster: testnet, token: '0x5fd84259d66Cd46123540766Be93DFE6D43130D7' },
      'Arbitrum Sepolia': { paymaster: testnet, token: '0x75faf114eafb1BDbe2F0316DF893fd58CE46AA4d' },
    });
    expect(LOCAL_DEVNET.usdcPaymaster).toEqual({ paymaster: '0x8885891D74548c94cD54FDE4Cc50D73cF2e386C5', token: '0xec159159B771e8431B7E0f2dfFe534465e3321c9' });
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

describe('sponsorship', () => {
  const facts = { eip7702: true, entryPointV08: true };
  it('is possible wherever EIP-7702 and the v0.8 contracts are, with a bundler set or not', () => {
    expect(canSponsor(facts)).toBe(true);
    expect(PRODUCTION_NETWORKS.filter((n) => !canSponsor(n))).toEqual([]);
  });

  it('is not without EIP-7702, nor where the contracts are not known to be and no bundler is set', () => {
    expect(canSponsor({ ...facts, eip7702: false, bundlerUrl: 'https://bundler.example' })).toBe(false);
    expect(canSponsor({ ...facts, entryPointV08: false })).toBe(false);
    expect(canSponsor({ ...facts, entryPointV08: false, bundlerUrl: 'https://bundler.example' })).toBe(true);
  });
});
