// @vitest-environment happy-dom
// @vitest-environment-options {"url": "https://dapp.example/"}
/**
 * The content script answers eth_chainId from the chain the background named on the open port, and from nothing
 * else: a port that closed (a stopped worker, the back/forward cache) takes its chain with it.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTENT_TARGET, INPAGE_TARGET, type RequestMessage, type ToPageMessage } from '../shared/protocol';

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
// The browser's own API (Chrome's `chrome`), as the content script takes it.
vi.stubGlobal('chrome', {
  runtime: {
    id: 'batchwallet',
    connect: () => {
      const port = new FakePort();
      ports.push(port);
      return port;
    },
    onMessage: { addListener: () => undefined },
  },
});

// happy-dom has no window.origin.
Object.defineProperty(window, 'origin', { value: 'https://dapp.example', configurable: true });

const toPage: ToPageMessage[] = [];
let nextId = 0;

/** The page's provider asks; the answer, if the content script gave one at once. */
function ask(method: string, params?: unknown): ToPageMessage | undefined {
  const before = toPage.length;
  const data: RequestMessage = { type: 'rpc-request', id: String(nextId++), request: { method, params } };
  window.dispatchEvent(new MessageEvent('message', { data: { target: CONTENT_TARGET, data }, origin: window.origin, source: window }));
  return toPage.slice(before).find((m) => m.type === 'rpc-response');
}

const settings = (chainId?: string) => ({ type: 'page-settings', settings: { isMetaMask: true }, ...(chainId ? { chainId } : {}) });
const chainChanged = (chainId: string) => ({ type: 'provider-event', origin: '*', event: 'chainChanged', data: chainId });
const answer = (result: unknown) => expect.objectContaining({ type: 'rpc-response', response: { result } });
/** happy-dom's PageTransitionEvent ignores `persisted`. */
const fromCache = (type: 'pagehide' | 'pageshow') => Object.assign(new Event(type), { persisted: true });
const sentMethods = (port: FakePort) => port.sent.map((m) => (m as RequestMessage).request.method);

/** The window listeners of the script as last loaded: each test loads it afresh and removes the earlier one's. */
const windowListeners: [string, EventListenerOrEventListenerObject][] = [];
const addEventListener = window.addEventListener.bind(window);

beforeEach(async () => {
  for (const [type, listener] of windowListeners.splice(0)) window.removeEventListener(type, listener);
  vi.spyOn(window, 'addEventListener').mockImplementation((type: string, listener: EventListenerOrEventListenerObject) => {
    windowListeners.push([type, listener]);
    addEventListener(type, listener);
  });
  ports.length = 0;
  toPage.length = 0;
  vi.resetModules();
  vi.spyOn(window, 'postMessage').mockImplementation((envelope: { target?: string; data?: ToPageMessage }) => {
    if (envelope.target === INPAGE_TARGET && envelope.data) toPage.push(envelope.data);
  });
  await import('./index');
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
});
