import { describe, expect, it } from 'vitest';
import { BASE_CHAIN_ID, BUILT_IN_NETWORKS, LOCAL_DEVNET_CHAIN_ID, defaultChainId } from './networks';

describe('the network a fresh install selects', () => {
  it('is Base in the production build and the local devnet in the devnet build', () => {
    expect(defaultChainId(false)).toBe(BASE_CHAIN_ID);
    expect(BUILT_IN_NETWORKS.find((n) => n.chainId === defaultChainId(false))?.name).toBe('Base');
    expect(defaultChainId(true)).toBe(LOCAL_DEVNET_CHAIN_ID);
  });
});
