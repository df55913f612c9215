import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEVNET_BUILD_NETWORKS, LOCAL_DEVNET } from '../shared/networks';
import type { RpcRequest } from '../shared/protocol';
import { createServices } from './createServices';
import { memoryPhishingListStore } from './protection/phishingUpdates';
import { readShippedList } from './protection/testing';
import { runRequest } from './rpc/pipeline';
import { DEFERRED } from './rpc/types';
import type { Services } from './services';
import { memoryKeyStore } from './storage/seal';
import { memoryBackend } from './storage/typedStorage';

// The window modules the schema's defaults come from load the polyfill, which refuses to load outside an extension;
// the windows themselves are fakes handed in below.

const ORIGIN = 'https://dapp.example';

function build() {
  const shown: string[] = [];
  const built = createServices({
    devnetBuild: true,
    builtInNetworks: DEVNET_BUILD_NETWORKS,
    localArea: memoryBackend(),
    onLocalChanged: () => undefined,
    sessionArea: memoryBackend(),
    sealKeys: memoryKeyStore(),
    phishingLists: memoryPhishingListStore(),
    readShippedPhishingList: readShippedList,
    alarms: { create: () => undefined, clear: async () => true },
    keepAlive: async () => undefined,
    tabShownAt: async () => Date.now(),
    sendToTab: async () => undefined,
    readExtensionFile: async () => [],
    windows: {
      approval: () => ({ show: async () => void shown.push('approval'), restore: async () => undefined, closeIfIdle: async () => undefined }),
      activity: () => async () => undefined,
    },
  });
  return { ...built, shown };
}

const send = (services: Services, request: RpcRequest) =>
  runRequest(request, { origin: ORIGIN, method: request.method, replyTo: { tabId: 1, frameId: 0, origin: ORIGIN, requestId: '1' }, services });

afterEach(() => vi.unstubAllGlobals());

describe('createServices', () => {
  it('builds services the pipeline answers with: the chain of the devnet build\'s default network', async () => {
    const { services } = build();
    expect(await send(services, { method: 'eth_chainId' })).toEqual({ result: LOCAL_DEVNET.chainId });
    expect(await send(services, { method: 'net_version' })).toEqual({ result: BigInt(LOCAL_DEVNET.chainId).toString(10) });
  });

  it('queues a site\'s connect request as a stored approval and shows the approval window', async () => {
    const { services, shown } = build();
    expect(await send(services, { method: 'eth_requestAccounts' })).toBe(DEFERRED);
    expect((await services.approvals.pending()).map(({ type, origin }) => ({ type, origin }))).toEqual([{ type: 'connect', origin: ORIGIN }]);
    expect(shown).toEqual(['approval']);
  });

  it('sends node reads to the selected network\'s node', async () => {
    const asked: { url: string; method: string }[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      const { id, method } = JSON.parse(init.body as string) as { id: number; method: string };
      asked.push({ url, method });
      return new Response(JSON.stringify({ jsonrpc: '2.0', id, result: '0x2a' }), { headers: { 'Content-Type': 'application/json' } });
    });
    const { services } = build();
    expect(await services.node('eth_blockNumber')).toBe('0x2a');
    expect(asked).toEqual([{ url: LOCAL_DEVNET.rpcUrls[0], method: 'eth_blockNumber' }]);
  });
});
