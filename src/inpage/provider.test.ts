// @vitest-environment happy-dom
// @vitest-environment-options {"url": "https://dapp.example/"}
/**
 * When the provider starts (says it is here, asks the chain and the accounts): at once in a top frame, and in a
 * subframe only when its page first uses it, so that the ads and embeds of a page open no port to the wallet.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTENT_TARGET, INPAGE_TARGET, type ToContentMessage } from '../shared/protocol';
import { listenInFrame, sendInFrame } from '../shared/windowChannel';
import { InpageProvider } from './provider';

// happy-dom has no window.origin.
Object.defineProperty(window, 'origin', { value: 'https://dapp.example', configurable: true });

const toContent: ToContentMessage[] = [];
listenInFrame(CONTENT_TARGET, (message) => toContent.push(message as ToContentMessage));
/** What the provider said to the content script: 'inpage-ready', or the methods it asked. */
const said = () => toContent.map((m) => (m.type === 'rpc-request' ? m.request.method : m.type));
/** The content script says it is here (with the settings once its port brought them). */
/** `null`: without settings, as a subframe's content script says it is here before its port is open. */
const contentReady = (instance = 'c1', settings: { isMetaMask: boolean } | null = { isMetaMask: true }) =>
  toPage({ type: 'content-ready', instance, ...(settings ? { settings } : {}) });
/** A message of the content script to the page. */
const toPage = (data: unknown) => sendInFrame(INPAGE_TARGET, JSON.stringify(data));
/** The content script answers every request the provider posted so far. */
const answerAll = () => toContent.forEach((m) => m.type === 'rpc-request' && toPage({ type: 'rpc-response', id: m.id, origin: window.origin, response: { result: m.request.method === 'eth_accounts' ? [] : '0x7a69' } }));

/** What each test's provider listens with, removed after the test: the next test's messages are not for it. */
const listeners: [string, EventListener][] = [];
const addEventListener = window.addEventListener.bind(window);

beforeEach(() => {
  toContent.length = 0;
  vi.spyOn(window, 'addEventListener').mockImplementation((type: string, listener: EventListenerOrEventListenerObject) => {
    if (type === INPAGE_TARGET || type === 'pageshow') listeners.push([type, listener as EventListener]);
    addEventListener(type, listener);
  });
});
afterEach(() => {
  for (const [type, listener] of listeners.splice(0)) window.removeEventListener(type, listener);
  vi.restoreAllMocks();
});

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
      use(provider);
      // Its content script answers inpage-ready: what waited for it goes.
      contentReady();
      use(provider);
      expect(said()).toEqual(expected);
    });

    it('makes a content script that came after its start open its port, so that its events and settings reach it', () => {
      const provider = new InpageProvider();
      provider.on('accountsChanged', () => undefined);
      contentReady('c1', null);
      answerAll();
      toContent.length = 0;
      // Firefox runs the content script again when the add-on restarts: the new one opens no port until asked to,
      // and a provider in use with nothing unanswered would otherwise never hear an event or its settings again.
      contentReady('c2', null);
      expect(said()).toEqual(['inpage-ready']);
      contentReady('c2', { isMetaMask: false });
      expect(provider.isMetaMask).toBe(false);
      expect(said()).toEqual(['inpage-ready']);
    });

    it('gets its settings from a content script that said it is here only after the page used the provider', () => {
      const provider = new InpageProvider();
      void provider.request({ method: 'eth_blockNumber' });
      contentReady('late', null);
      expect(said()).toEqual(['inpage-ready', 'inpage-ready', 'eth_chainId', 'eth_accounts', 'eth_blockNumber']);
      contentReady('late', { isMetaMask: false });
      expect(provider.isMetaMask).toBe(false);
    });

    it('asks nothing of a content script while its page has not used it', () => {
      new InpageProvider();
      contentReady('c1', null);
      contentReady('c2', null);
      expect(said()).toEqual([]);
    });
  });

  describe('back from the back/forward cache', () => {
    /** The browser's (happy-dom's PageTransitionEvent ignores `persisted`, and its events have no `isTrusted`). */
    const restored = () => window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true, isTrusted: true }));
    const answer = (method: string, result: unknown) =>
      toContent.forEach((m) => m.type === 'rpc-request' && m.request.method === method && toPage({ type: 'rpc-response', id: m.id, origin: window.origin, response: { result } }));

    /** A provider that heard the devnet's chain and no account, and what it tells its page once restored. */
    const restoredListening = async () => {
      const provider = new InpageProvider();
      contentReady();
      answerAll();
      await vi.waitFor(() => expect(provider.chainId).toBe('0x7a69'));
      const heard: unknown[] = [];
      provider.on('chainChanged', (chainId) => heard.push(['chainChanged', chainId]));
      provider.on('accountsChanged', (accounts) => heard.push(['accountsChanged', accounts]));
      toContent.length = 0;
      restored();
      return { provider, heard };
    };

    it('asks the chain and the accounts again and tells the page what changed while no event could reach it', async () => {
      const { provider, heard } = await restoredListening();
      expect(said()).toEqual(['eth_chainId', 'eth_accounts']);
      answer('eth_chainId', '0x1');
      answer('eth_accounts', ['0x00000000000000000000000000000000000000aa']);
      await vi.waitFor(() => expect(heard).toHaveLength(2));
      expect(heard).toEqual([['chainChanged', '0x1'], ['accountsChanged', ['0x00000000000000000000000000000000000000aa']]]);
      expect([provider.chainId, provider.selectedAddress]).toEqual(['0x1', '0x00000000000000000000000000000000000000aa']);
      // Nothing changed the next time: nothing to tell.
      toContent.length = 0;
      restored();
      answer('eth_chainId', '0x1');
      answer('eth_accounts', ['0x00000000000000000000000000000000000000aa']);
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(heard).toHaveLength(2);
    });

    it('tells the page a change once when the wallet\'s event and the answer to its question both bring it', async () => {
      const { heard } = await restoredListening();
      // The port opened again as the page came back: an event the wallet sent as the user changed network reaches it
      // after the answer to the provider's own question (Firefox, one run in two), or before.
      answer('eth_chainId', '0x1');
      answer('eth_accounts', ['0x00000000000000000000000000000000000000aa']);
      await vi.waitFor(() => expect(heard).toHaveLength(2));
      toPage({ type: 'provider-event', event: 'chainChanged', data: '0x1', origin: '*' });
      toPage({ type: 'provider-event', event: 'accountsChanged', data: ['0x00000000000000000000000000000000000000aa'], origin: window.origin });
      toPage({ type: 'provider-event', event: 'accountsChanged', data: ['0x00000000000000000000000000000000000000aa', '0x00000000000000000000000000000000000000bb'], origin: window.origin });
      await vi.waitFor(() => expect(heard).toHaveLength(3));
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(heard).toEqual([
        ['chainChanged', '0x1'],
        ['accountsChanged', ['0x00000000000000000000000000000000000000aa']],
        ['accountsChanged', ['0x00000000000000000000000000000000000000aa', '0x00000000000000000000000000000000000000bb']],
      ]);
    });

    it("asks nothing for a pageshow the page's script dispatched, nor in a subframe whose page never used it", () => {
      new InpageProvider();
      contentReady();
      toContent.length = 0;
      window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true, isTrusted: false }));
      vi.spyOn(window, 'top', 'get').mockReturnValue({} as Window);
      new InpageProvider();
      restored();
      expect(said()).toEqual(['eth_chainId', 'eth_accounts']);
    });
  });

  describe('what a page passes', () => {
    const outcome = (asked: () => Promise<unknown>) => {
      try {
        return asked().then(() => ({ code: 0, message: 'answered' }), (e: { code: number; message: string }) => ({ code: e.code, message: e.message }));
      } catch (error) {
        return Promise.resolve({ code: -1, message: `threw at once: ${String(error)}` });
      }
    };

    it('reads the method and the params once, so a getter that answers otherwise the second time sends the first answer', () => {
      const provider = new InpageProvider();
      contentReady();
      let reads = 0;
      void provider.request({ get method() { return ++reads === 1 ? 'eth_blockNumber' : 42 } } as unknown as { method: string });
      expect(reads).toBe(1);
      expect(said().at(-1)).toBe('eth_blockNumber');
    });

    it('answers whatever a Proxy throws as an error of the request, never a throw of request() itself', async () => {
      const provider = new InpageProvider();
      contentReady();
      const throwsNull = [new Proxy({}, { ownKeys: () => { throw null; } })];
      const argsThrow = new Proxy({}, { get: () => { throw new Error('no'); } });
      expect(await outcome(() => provider.request({ method: 'eth_call', params: throwsNull }))).toEqual({
        code: -32602, message: 'params cannot be sent to the wallet: reading them threw something other than an Error',
      });
      expect(await outcome(() => provider.request(argsThrow as { method: string }))).toMatchObject({ code: -32600 });
    });

    it('numbers its requests after a prefix of its own, drawn once', () => {
      const first = new InpageProvider();
      const second = new InpageProvider();
      contentReady();
      toContent.length = 0;
      for (const provider of [first, first, second]) void provider.request({ method: 'eth_blockNumber' });
      const ids = toContent.flatMap((m) => (m.type === 'rpc-request' ? [m.id] : []));
      const [prefix] = ids[0].split(/-(?=\d+$)/);
      expect(ids[1]).toBe(`${prefix}-${Number(ids[0].split('-').at(-1)) + 1}`);
      expect(ids[2].startsWith(prefix)).toBe(false);
    });
  });
});
