import type browser from 'webextension-polyfill';
import { describe, expect, it, vi } from 'vitest';
import { LOCAL_DEVNET } from '../../shared/networks';
import { PROVIDER_PORT, type RpcRequest, type RpcResponse, type ToPageMessage } from '../../shared/protocol';
import { SETTINGS_DEFAULTS } from '../settings/settings';
import { memoryBackend, typedStorage } from '../storage/typedStorage';
import { FRAMES_DEFAULTS, createFrames } from './frames';
import { acceptPort, type HandshakeDeps, type RequestOrigin } from './handshake';

type Listener = (message: unknown) => void;

/** A port as runtime.onConnect hands it: what the wallet posts is kept; `send` is the page's content script. */
function fakePort(sender: browser.Runtime.MessageSender | undefined, name = PROVIDER_PORT) {
  const onMessage: Listener[] = [];
  const onDisconnect: (() => void)[] = [];
  const got: ToPageMessage[] = [];
  const port = {
    name,
    sender,
    disconnected: false,
    postMessage: (message: ToPageMessage) => void got.push(message),
    disconnect() {
      port.disconnected = true;
    },
    onMessage: { addListener: (listener: Listener) => void onMessage.push(listener) },
    onDisconnect: { addListener: (listener: () => void) => void onDisconnect.push(listener) },
  };
  const send = (id: string, request: RpcRequest) => onMessage.forEach((listener) => listener({ type: 'rpc-request', id, request }));
  return { port: port as unknown as browser.Runtime.Port, got, send, state: port };
}

const TAB = (url: string | undefined): browser.Runtime.MessageSender => ({ tab: { id: 7 } as browser.Tabs.Tab, frameId: 0, ...(url ? { url } : {}) });

function setup(answer: (request: RpcRequest, ctx: RequestOrigin) => Promise<RpcResponse | undefined> = async () => ({ result: 'ok' })) {
  const settings = typedStorage(memoryBackend(), SETTINGS_DEFAULTS);
  const frames = createFrames(typedStorage(memoryBackend(), FRAMES_DEFAULTS), async () => undefined);
  const run = vi.fn(answer);
  const deps: HandshakeDeps = { frames, settings, networks: { selected: async () => LOCAL_DEVNET }, run };
  return { deps, run, settings };
}

describe('the frame handshake', () => {
  it('sends the page settings, with the selected chain, as the first message on a tab frame\'s port', async () => {
    const { deps, settings } = setup();
    await settings.set('metaMaskCompatibility', { global: true, sites: { 'https://dapp.example': false } });
    const { port, got } = fakePort(TAB('https://dapp.example/swap'));
    acceptPort(deps, port);
    await vi.waitFor(() => expect(got).toHaveLength(1));
    expect(got[0]).toEqual({ type: 'page-settings', settings: { isMetaMask: false }, chainId: LOCAL_DEVNET.chainId });
  });

  it('runs a request for the port\'s origin and answers it on the port, addressed to that origin', async () => {
    const { deps, run } = setup();
    const { port, got, send } = fakePort(TAB('https://dapp.example/swap'));
    acceptPort(deps, port);
    send('r1', { method: 'eth_chainId' });
    await vi.waitFor(() => expect(got.filter((m) => m.type === 'rpc-response')).toHaveLength(1));
    expect(run).toHaveBeenCalledWith({ method: 'eth_chainId' }, { origin: 'https://dapp.example', replyTo: { tabId: 7, frameId: 0, origin: 'https://dapp.example', requestId: 'r1' } });
    expect(got.find((m) => m.type === 'rpc-response')).toEqual({ type: 'rpc-response', id: 'r1', origin: 'https://dapp.example', response: { result: 'ok' } });
  });

  it("runs no request whose id is longer than any the provider makes (a page's script wrote it)", async () => {
    const { deps, run } = setup();
    const { port, got, send } = fakePort(TAB('https://dapp.example/'));
    acceptPort(deps, port);
    send('x'.repeat(129), { method: 'eth_chainId' });
    send(`${crypto.randomUUID()}-${Number.MAX_SAFE_INTEGER}`, { method: 'eth_chainId' });
    await vi.waitFor(() => expect(got.filter((m) => m.type === 'rpc-response')).toHaveLength(1));
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('sends nothing for a request answered later (the approval replies itself)', async () => {
    const { deps, run } = setup(async () => undefined);
    const { port, got, send } = fakePort(TAB('https://dapp.example/'));
    acceptPort(deps, port);
    send('r1', { method: 'eth_requestAccounts' });
    await vi.waitFor(() => expect(run).toHaveBeenCalled());
    await vi.waitFor(() => expect(got).toHaveLength(1));
    await run.mock.results[0].value;
    expect(got.map((m) => (m as { type: string }).type)).toEqual(['page-settings']);
  });

  it.each([
    ['an opaque origin (a sandboxed frame)', 'null'],
    ['a sender without any origin', undefined],
  ])('refuses %s: no settings, no request run, each request told why', async (_, url) => {
    const { deps, run } = setup();
    const { port, got, send } = fakePort(url === 'null' ? { ...TAB(undefined), origin: 'null' } as browser.Runtime.MessageSender : TAB(url));
    acceptPort(deps, port);
    send('r1', { method: 'eth_accounts' });
    await vi.waitFor(() => expect(got).toHaveLength(1));
    expect(got[0]).toEqual({ type: 'rpc-response', id: 'r1', origin: 'null', response: { error: { code: 4100, message: 'The wallet cannot tell which site this frame belongs to' } } });
    expect(run).not.toHaveBeenCalled();
  });

  it('answers a port outside any tab (tab id -1: the wallet\'s own context) with a refusal, keeping the port open', async () => {
    const { deps, run } = setup();
    const { port, got, send, state } = fakePort({ tab: { id: -1 } as browser.Tabs.Tab, url: 'https://dapp.example/' });
    acceptPort(deps, port);
    send('r1', { method: 'eth_accounts' });
    expect(got).toEqual([{ type: 'rpc-response', id: 'r1', origin: 'https://dapp.example', response: { error: { code: 4100, message: 'The wallet answers pages in browser tabs only' } } }]);
    expect(run).not.toHaveBeenCalled();
    expect(state.disconnected).toBe(false);
  });

  it('closes a port of another name', () => {
    const { deps } = setup();
    const { port, state } = fakePort(TAB('https://dapp.example/'), 'other');
    acceptPort(deps, port);
    expect(state.disconnected).toBe(true);
  });
});
