// @vitest-environment happy-dom
// @vitest-environment-options {"url": "https://dapp.example/"}
/**
 * When the provider starts (says it is here, asks the chain and the accounts): at once in a top frame, and in a
 * subframe only when its page first uses it, so that the ads and embeds of a page open no port to the wallet.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTENT_TARGET, INPAGE_TARGET, type ToContentMessage } from '../shared/protocol';
import { InpageProvider } from './provider';

// happy-dom has no window.origin.
Object.defineProperty(window, 'origin', { value: 'https://dapp.example', configurable: true });

const toContent: ToContentMessage[] = [];
/** What the provider said to the content script: 'inpage-ready', or the methods it asked. */
const said = () => toContent.map((m) => (m.type === 'rpc-request' ? m.request.method : m.type));
/** The content script says it is here (with the settings once its port brought them). */
const contentReady = () =>
  window.dispatchEvent(new MessageEvent('message', { data: { target: INPAGE_TARGET, data: { type: 'content-ready', instance: 'c1', settings: { isMetaMask: true } } }, origin: window.origin, source: window }));

beforeEach(() => {
  toContent.length = 0;
  vi.spyOn(window, 'postMessage').mockImplementation((envelope: { target?: string; data?: ToContentMessage }) => {
    if (envelope.target === CONTENT_TARGET && envelope.data) toContent.push(envelope.data);
  });
});
afterEach(() => vi.restoreAllMocks());

describe('the provider', () => {
  it('starts at once in a top frame: it says it is here and asks the chain and the accounts', () => {
    new InpageProvider();
    contentReady();
    expect(said()).toEqual(['inpage-ready', 'eth_chainId', 'eth_accounts']);
  });

  describe('in a subframe', () => {
    beforeEach(() => vi.spyOn(window, 'top', 'get').mockReturnValue({} as Window));

    it('says nothing until its page uses it', () => {
      const provider = new InpageProvider();
      contentReady();
      void provider.isMetaMask;
      expect(said()).toEqual([]);
    });

    it.each([
      ['a request', (p: InpageProvider) => void p.request({ method: 'eth_blockNumber' }).catch(() => undefined), ['inpage-ready', 'eth_chainId', 'eth_accounts', 'eth_blockNumber', 'eth_blockNumber']],
      ['a listener', (p: InpageProvider) => void p.on('accountsChanged', () => undefined), ['inpage-ready', 'eth_chainId', 'eth_accounts']],
      ['reading its chain', (p: InpageProvider) => void p.chainId, ['inpage-ready', 'eth_chainId', 'eth_accounts']],
      ['reading its account', (p: InpageProvider) => void p.selectedAddress, ['inpage-ready', 'eth_chainId', 'eth_accounts']],
      ['asking whether it is connected', (p: InpageProvider) => void p.isConnected(), ['inpage-ready', 'eth_chainId', 'eth_accounts']],
    ])('starts on its first use, once: %s', (_use, use, expected) => {
      const provider = new InpageProvider();
      contentReady();
      use(provider);
      use(provider);
      expect(said()).toEqual(expected);
    });
  });
});
