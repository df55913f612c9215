import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Network } from '../../../shared/networks';
import { detectedText } from './NetworkStatus';

// The unit tests' browser i18n (scripts/testI18n.ts), whose language a test may change.
const { i18n } = (globalThis as unknown as { chrome: { i18n: { getUILanguage(): string } } }).chrome;
const network = { chainId: '0x7a69', name: 'Devnet', rpcUrls: ['http://127.0.0.1:8545'], nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, builtIn: true, eip7702: true, entryPointV08: true, fastBlocks: false } satisfies Network;
const facts = { at: 0, rpcUrls: network.rpcUrls, eip7702: true, contracts: true, simulateV1: false, syncSend: true, blockTimeMs: 500 };

describe('what was detected of a network\'s node', () => {
  afterEach(() => vi.restoreAllMocks());

  it('names each fact, a bundler\'s as none when the network has none', () => {
    expect(detectedText(network, facts)).toBe('EIP-7702 yes · contracts yes · simulation no · sync send yes · bundler none · blocks 0.5 s');
    expect(detectedText({ ...network, bundlerUrl: 'http://127.0.0.1:4337' }, { ...facts, blockTimeMs: undefined })).toMatch(/bundler unknown · blocks unknown$/);
  });

  it('writes the block time as the browser\'s language does', () => {
    vi.spyOn(i18n, 'getUILanguage').mockReturnValue('de-DE');
    expect(detectedText(network, facts)).toMatch(/blocks 0,5 s$/);
  });
});
