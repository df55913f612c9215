// @vitest-environment happy-dom
// @vitest-environment-options {"url": "https://dapp.example/"}
/**
 * The content script answers eth_chainId from the chain the background named on the open port, and from nothing
 * else: a port that closed (a stopped worker, the back/forward cache) takes its chain with it.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTENT_TARGET, INPAGE_TARGET, type RequestMessage, type ToPageMessage } from '../shared/protocol';
import { listenInFrame, sendInFrame } from '../shared/windowChannel';

type Listener = (message: unknown) => void;

class FakePort {
  readonly sent: unknown[] = [];
  private readonly heard: Listener[] = [];
  private readonly closed: (() => void)[] = [];
  onMessage = { addListener: (listener: Listener) => void this.heard.push(listener) };
  onDisconnect = { addListener: (listener: () => void) => void this.closed.push(listener) };
  postMessage = (message: unknown) => void this.sent.push(message);
  disconnect = vi.fn();
  /** The background says something on this port. */
  say = (message: unknown) => this.heard.forEach((listener) => listener(message));
  /** The worker stopped. */
  close = () => this.closed.forEach((listener) => listener());
}

const ports: FakePort[] = [];
/** The script's listeners for the worker's tab messages, and how often it read the extension API at all. */
const tabListeners: Listener[] = [];
let apiReads = 0;
const runtime = {
  id: 'batchwallet',
  connect: () => {
    const port = new FakePort();
    ports.push(port);
    return port;
  },
  onMessage: { addListener: (listener: Listener) => void tabListeners.push(listener) },
};
// The browser's own API (Chrome's `chrome`), as the content script takes it.
vi.stubGlobal('chrome', {
  get runtime() {
    apiReads++;
    return runtime;
  },
});

// happy-dom has no window.origin.
Object.defineProperty(window, 'origin', { value: 'https://dapp.example', configurable: true });

const toPage: ToPageMessage[] = [];
listenInFrame(INPAGE_TARGET, (message) => toPage.push(message as ToPageMessage));
let nextId = 0;

/** The page's provider asks; the answer, if the content script gave one at once. */
function ask(method: string, params?: unknown): ToPageMessage | undefined {
  const before = toPage.length;
  const data: RequestMessage = { type: 'rpc-request', id: String(nextId++), request: { method, params } };
  sendInFrame(CONTENT_TARGET, JSON.stringify(data));
  return toPage.slice(before).find((m) => m.type === 'rpc-response');
}

const settings = (chainId?: string) => ({ type: 'page-settings', settings: { isMetaMask: true }, ...(chainId ? { chainId } : {}) });
const chainChanged = (chainId: string) => ({ type: 'provider-event', origin: '*', event: 'chainChanged', data: chainId });
const answer = (result: unknown) => expect.objectContaining({ type: 'rpc-response', response: { result } });
/** The browser's own (happy-dom's PageTransitionEvent ignores `persisted`, and its events have no `isTrusted`). */
const fromCache = (type: 'pagehide' | 'pageshow') => Object.assign(new Event(type), { persisted: true, isTrusted: true });
/** What a page's script can dispatch: `new PageTransitionEvent('pagehide', { persisted: true })`, untrusted. */
const fromPageScript = (type: 'pagehide' | 'pageshow') => Object.assign(new Event(type), { persisted: true, isTrusted: false });
const sentMethods = (port: FakePort) => port.sent.map((m) => (m as RequestMessage).request.method);

/** The window listeners of the script as last loaded: each test loads it afresh and removes the earlier one's. */
const windowListeners: [string, EventListenerOrEventListenerObject][] = [];
const addEventListener = window.addEventListener.bind(window);

/** Loads the script afresh, as injected into a top frame or a subframe at its start, or into a page already loaded. */
async function inject(frame: 'top' | 'subframe', readyState: DocumentReadyState = 'loading'): Promise<void> {
  for (const [type, listener] of windowListeners.splice(0)) window.removeEventListener(type, listener);
  vi.restoreAllMocks();
  vi.spyOn(window, 'addEventListener').mockImplementation((type: string, listener: EventListenerOrEventListenerObject) => {
    windowListeners.push([type, listener]);
    addEventListener(type, listener);
  });
  if (frame === 'subframe') vi.spyOn(window, 'top', 'get').mockReturnValue({} as Window);
  vi.spyOn(document, 'readyState', 'get').mockReturnValue(readyState);
  ports.length = 0;
  tabListeners.length = 0;
  apiReads = 0;
  toPage.length = 0;
  vi.resetModules();
  await import('./index');
}

beforeEach(() => inject('top'));

/** The page's provider says it started. */
const inpageReady = () => sendInFrame(CONTENT_TARGET, JSON.stringify({ type: 'inpage-ready' }));
/** What the script told the page it is: its instance, and the settings when it had them. */
const contentReady = () => toPage.filter((m) => m.type === 'content-ready');

describe('the port to the worker', () => {
  it('opens at injection in a top frame', () => {
    expect(ports).toHaveLength(1);
  });

  it('opens in a subframe only once its page uses the provider (most frames are ads and embeds that never do)', async () => {
    await inject('subframe');
    expect(ports).toHaveLength(0);
    // Nor does it tell the page anything at the frame's start: no provider there has been used yet.
    expect(toPage).toEqual([]);
    inpageReady();
    expect(ports).toHaveLength(1);
    ports[0].say(settings('0x7a69'));
    await Promise.resolve();
    expect(contentReady().at(-1)).toEqual({ type: 'content-ready', instance: contentReady()[0].instance, settings: { isMetaMask: true } });
    expect(ask('eth_chainId')).toEqual(answer('0x7a69'));
    expect(ports).toHaveLength(1);
  });

  it('says it is here, without settings, when injected into a subframe already loaded: a provider in use there sends its unanswered requests again', async () => {
    // Firefox re-injects this script into open tabs when the add-on restarts.
    await inject('subframe', 'complete');
    expect(ports).toHaveLength(0);
    expect(contentReady()).toEqual([{ type: 'content-ready', instance: expect.any(String) }]);
    expect(ask('eth_accounts')).toBeUndefined();
    expect(ports).toHaveLength(1);
    expect(sentMethods(ports[0])).toEqual(['eth_accounts']);
  });

  it('tells a subframe provider that started after it, at once, that it is here: the provider did not hear it the first time', async () => {
    await inject('subframe');
    toPage.length = 0;
    inpageReady();
    // Before the port's settings: the provider's requests need not wait a round trip to the worker.
    expect(contentReady()).toEqual([{ type: 'content-ready', instance: expect.any(String) }]);
    ports[0].say(settings('0x7a69'));
    await Promise.resolve();
    expect(contentReady().at(-1)).toEqual({ type: 'content-ready', instance: contentReady()[0].instance, settings: { isMetaMask: true } });
  });

  it('listens only for its page in a subframe whose page never used the provider', async () => {
    await inject('subframe');
    expect(windowListeners.map(([type]) => type)).toEqual([CONTENT_TARGET]);
  });

  it('stays closed in a subframe whose page never used the provider, also when it comes back from the back/forward cache', async () => {
    await inject('subframe');
    window.dispatchEvent(fromCache('pagehide'));
    window.dispatchEvent(fromCache('pageshow'));
    expect(ports).toHaveLength(0);
  });

  it('reads nothing of the extension API in a subframe whose page never used the provider: its bindings cost every frame', async () => {
    await inject('subframe');
    window.dispatchEvent(fromCache('pagehide'));
    window.dispatchEvent(fromCache('pageshow'));
    expect(apiReads).toBe(0);
  });

  it('hears the worker by tab messaging once it opened its port, also after that port closed', async () => {
    await inject('subframe');
    inpageReady();
    expect(tabListeners).toHaveLength(1);
    ports[0].close();
    toPage.length = 0;
    tabListeners[0](chainChanged('0x1'));
    expect(toPage).toEqual([expect.objectContaining({ type: 'provider-event', event: 'chainChanged', data: '0x1' })]);
    // A second port (the worker stopped and a request came) adds no second listener: the page hears each event once.
    ask('eth_accounts');
    expect(ports).toHaveLength(2);
    expect(tabListeners).toHaveLength(1);
  });

  it('opens in a subframe for a request that comes before the provider said it started', async () => {
    await inject('subframe');
    expect(ask('eth_accounts')).toBeUndefined();
    expect(ports).toHaveLength(1);
    expect(sentMethods(ports[0])).toEqual(['eth_accounts']);
  });
});

describe('what reaches the page', () => {
  it("is only its own origin's: a reply or an event for the document before it in this frame (another origin) is dropped", async () => {
    await inject('subframe');
    expect(ask('eth_accounts')).toBeUndefined();
    const [port] = ports;
    const { id } = port.sent[0] as RequestMessage;
    toPage.length = 0;
    port.say({ type: 'rpc-response', id, origin: 'https://other.example', response: { result: ['0x1'] } });
    tabListeners[0]({ type: 'rpc-response', id, origin: 'https://other.example', response: { result: ['0x1'] } });
    tabListeners[0]({ type: 'provider-event', origin: 'https://other.example', event: 'accountsChanged', data: ['0x1'] });
    port.say({ type: 'provider-event', origin: 'https://other.example', event: 'chainChanged', data: '0x1' });
    expect(toPage).toEqual([]);
    // The frame's own answer still comes: the dropped one did not take its place.
    port.close();
    expect(sentMethods(ports[1])).toEqual(['eth_accounts']);
    ports[1].say({ type: 'rpc-response', id, origin: window.origin, response: { result: [] } });
    expect(toPage).toEqual([{ type: 'rpc-response', id, origin: window.origin, response: { result: [] } }]);
  });

  it('passes a request id on once while it is on its way: a page dispatching it again (or a provider resending it) asks nothing more', () => {
    const [port] = ports;
    const request = JSON.stringify({ type: 'rpc-request', id: 'same', request: { method: 'personal_sign', params: ['0x00', '0x01'] } });
    sendInFrame(CONTENT_TARGET, request);
    sendInFrame(CONTENT_TARGET, request);
    expect(sentMethods(port)).toEqual(['personal_sign']);
    port.say({ type: 'rpc-response', id: 'same', origin: window.origin, response: { result: '0x' } });
    // Answered, the id is the page's again (the worker answers a resent approval from what it kept).
    sendInFrame(CONTENT_TARGET, request);
    expect(sentMethods(port)).toEqual(['personal_sign', 'personal_sign']);
  });
});

describe('answers to the page', () => {
  it('settle a request even when the answer cannot be written as JSON (a BigInt over a Firefox port): as an error', () => {
    const [port] = ports;
    port.say(settings('0x7a69'));
    expect(ask('eth_blockNumber')).toBeUndefined();
    const { id } = port.sent.at(-1) as RequestMessage;
    port.say({ type: 'rpc-response', id, origin: window.origin, response: { result: 10n } });
    expect(toPage.at(-1)).toEqual({ type: 'rpc-response', id, origin: window.origin, response: { error: { code: -32603, message: expect.stringMatching(/^The wallet's answer could not be passed to the page: /) } } });
  });
});

describe('eth_chainId in the content script', () => {
  it('is answered from the chain named with the settings, then from each chainChanged, without crossing to the worker', () => {
    const [port] = ports;
    port.say(settings('0x7a69'));
    expect(ask('eth_chainId')).toEqual(answer('0x7a69'));
    expect(ask('eth_chainId', [])).toEqual(answer('0x7a69'));
    port.say(chainChanged('0x14a34'));
    expect(ask('eth_chainId')).toEqual(answer('0x14a34'));
    expect(port.sent).toEqual([]);
  });

  it('goes to the worker with params (for its -32602), before the chain is named, and when the settings named none', () => {
    const [port] = ports;
    expect(ask('eth_chainId')).toBeUndefined();
    port.say(settings());
    expect(ask('eth_chainId')).toBeUndefined();
    port.say(chainChanged('0x7a69'));
    expect(ask('eth_chainId', ['0x1'])).toBeUndefined();
    expect(sentMethods(port)).toEqual(['eth_chainId', 'eth_chainId', 'eth_chainId']);
  });

  it('keeps a chainChanged that came on the port before the settings: it is newer than the chain they were read with', () => {
    const [port] = ports;
    port.say(chainChanged('0x14a34'));
    port.say(settings('0x7a69'));
    expect(ask('eth_chainId')).toEqual(answer('0x14a34'));
  });

  it('goes to the worker once the port closed (the worker stopped), on a new port that names the chain again', () => {
    const [first] = ports;
    first.say(settings('0x7a69'));
    first.close();
    expect(ask('eth_chainId')).toBeUndefined();
    const [, second] = ports;
    expect(sentMethods(second)).toEqual(['eth_chainId']);
    second.say(settings('0x14a34'));
    expect(ask('eth_chainId')).toEqual(answer('0x14a34'));
  });

  it('is forgotten when the page goes into the back/forward cache, and named anew on the port it opens when restored', () => {
    const [first] = ports;
    first.say(settings('0x7a69'));
    const pending = ask('eth_blockNumber');
    expect(pending).toBeUndefined();
    window.dispatchEvent(fromCache('pagehide'));
    expect(first.disconnect).toHaveBeenCalled();
    window.dispatchEvent(fromCache('pageshow'));
    // The browser reports the closed port late: the new one stays.
    first.close();
    const [, second] = ports;
    expect(sentMethods(second)).toEqual(['eth_blockNumber']);
    expect(ask('eth_chainId')).toBeUndefined();
    second.say(settings('0x14a34'));
    expect(ask('eth_chainId')).toEqual(answer('0x14a34'));
    expect(ports).toHaveLength(2);
  });

  it('sends what was unanswered again on the first port after the cache, also one the page opens before this script hears the restore', async () => {
    // In a subframe this script listens from its first port on, after the page's own pageshow listeners.
    await inject('subframe');
    expect(ask('personal_sign', ['0x00', '0x0000000000000000000000000000000000000001'])).toBeUndefined();
    window.dispatchEvent(fromCache('pagehide'));
    // The page's pageshow listener (or its resume event, which comes before pageshow) asks first.
    expect(ask('eth_accounts')).toBeUndefined();
    window.dispatchEvent(fromCache('pageshow'));
    expect(ports).toHaveLength(2);
    expect(sentMethods(ports[1])).toEqual(['personal_sign', 'eth_accounts']);
  });

  it("is kept, with its port, when the page's script dispatches the cache's events itself: no port per event, no request sent again", () => {
    const [port] = ports;
    port.say(settings('0x7a69'));
    expect(ask('personal_sign', ['0x00', '0x0000000000000000000000000000000000000001'])).toBeUndefined();
    for (let i = 0; i < 3; i++) {
      window.dispatchEvent(fromPageScript('pagehide'));
      window.dispatchEvent(fromPageScript('pageshow'));
    }
    expect(port.disconnect).not.toHaveBeenCalled();
    expect(ports).toHaveLength(1);
    expect(sentMethods(port)).toEqual(['personal_sign']);
    expect(ask('eth_chainId')).toEqual(answer('0x7a69'));
  });
});
