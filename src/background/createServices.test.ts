import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEVNET_BUILD_NETWORKS, LOCAL_DEVNET } from '../shared/networks';
import type { RpcRequest } from '../shared/protocol';
import type { TypedMessage } from '../shared/typedData/types';
import { createServices } from './createServices';
import { settingPages } from './pages/settings';
import type { PageContext } from './pages/types';
import { memoryPhishingListStore } from './protection/phishingUpdates';
import { readShippedList } from './protection/testing';
import { memoryDescriptorFileStore } from './settings/descriptorFiles';
import { memoryGrantRecordStore, type GrantRecord } from './executionPermissions/store';
import { grantPages } from './pages/grants';
import { runRequest } from './rpc/pipeline';
import { DEFERRED } from './rpc/types';
import type { Services } from './services';
import { memoryKeyStore } from './storage/seal';
import { memoryBackend } from './storage/typedStorage';

// The window modules the schema's defaults come from load the polyfill, which refuses to load outside an extension;
// the windows themselves are fakes handed in below.

const ORIGIN = 'https://dapp.example';

function build(localArea = memoryBackend(), descriptorFiles = memoryDescriptorFileStore(), grantRecords = memoryGrantRecordStore()) {
  const shown: string[] = [];
  const built = createServices({
    devnetBuild: true,
    builtInNetworks: DEVNET_BUILD_NETWORKS,
    localArea,
    onLocalChanged: () => undefined,
    onSessionChanged: () => undefined,
    sessionArea: memoryBackend(),
    sealKeys: memoryKeyStore(),
    phishingLists: memoryPhishingListStore(),
    descriptorFiles,
    grantRecords,
    readShippedPhishingList: readShippedList,
    alarms: { create: () => undefined, clear: async () => true, get: async () => undefined },
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

/** A node that knows no code anywhere: the review's chain reads answer, nothing is a contract. */
const emptyChain = () =>
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    const { id } = JSON.parse(init.body as string) as { id: number };
    return new Response(JSON.stringify({ jsonrpc: '2.0', id, result: '0x' }), { headers: { 'Content-Type': 'application/json' } });
  });

const VOTE = '0x1111111111111111111111111111111111111111';
const ballot: TypedMessage = {
  types: { EIP712Domain: [{ name: 'chainId', type: 'uint256' }, { name: 'verifyingContract', type: 'address' }], Ballot: [{ name: 'proposal', type: 'uint256' }] },
  primaryType: 'Ballot',
  domain: { chainId: 31337, verifyingContract: VOTE },
  message: { proposal: 7 },
};
const ballotFile = {
  name: 'ballot.json',
  json: {
    context: { eip712: { deployments: [{ chainId: 31337, address: VOTE }], schemas: [{ primaryType: 'Ballot', types: { Ballot: ballot.types.Ballot } }] } },
    display: { formats: { Ballot: { intent: 'Vote', fields: [{ path: 'proposal', label: 'Proposal', format: 'raw' }] } } },
  },
};
const ACCOUNT = '0x00000000000000000000000000000000000000aa';

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

  it('words a message only by a descriptor file added in Settings, never by one planted in storage.local (a content script can write there on Firefox)', async () => {
    emptyChain();
    const localArea = memoryBackend();
    const planted = build(localArea);
    // Written after the worker's migrations ran, as a page's content script would.
    await planted.local.get('settings');
    await localArea.set({ userDescriptors: [ballotFile] });
    expect((await planted.services.reviewTypedData(ballot, ACCOUNT, LOCAL_DEVNET)).clear).toBeUndefined();

    const { services } = build();
    await settingPages.addDescriptor.handle(settingPages.addDescriptor.parse(ballotFile), { services } as PageContext);
    expect((await services.reviewTypedData(ballot, ACCOUNT, LOCAL_DEVNET)).clear).toMatchObject({ intent: 'Vote', source: 'your file ballot.json' });
  });

  it('never moves a file planted in storage.local after the update, even with the migration count set back (a content script can write both on Firefox)', async () => {
    emptyChain();
    const localArea = memoryBackend();
    const extensionDb = memoryDescriptorFileStore();
    // Updated with no files of the user's: every migration ran.
    await build(localArea, extensionDb).local.get('settings');
    await localArea.set({ schemaVersion: 3, userDescriptors: [ballotFile] });
    const { services } = build(localArea, extensionDb);
    expect((await services.reviewTypedData(ballot, ACCOUNT, LOCAL_DEVNET)).clear).toBeUndefined();
    expect((await services.descriptorFiles.get()).files).toEqual([]);
  });

  it('forgets the descriptor files at a wallet reset, as every other stored thing', async () => {
    const { services } = build();
    await settingPages.addDescriptor.handle(settingPages.addDescriptor.parse(ballotFile), { services } as PageContext);
    await services.resetStorage();
    expect(await services.descriptorFiles.get()).toEqual({ files: [], dropped: [] });
  });

  it('keeps using a descriptor file stored in storage.local before the update, once moved out of it', async () => {
    emptyChain();
    const localArea = memoryBackend();
    await localArea.set({ schemaVersion: 3, userDescriptors: [ballotFile] });
    const { services } = build(localArea);
    expect((await services.reviewTypedData(ballot, ACCOUNT, LOCAL_DEVNET)).clear).toMatchObject({ intent: 'Vote', source: 'your file ballot.json' });
    expect(await localArea.get('userDescriptors')).toEqual({ userDescriptors: [] });
  });

  describe('grant records', () => {
    const grant = (origin: string): GrantRecord => ({
      id: `0x${'1'.repeat(64)}`, origin, chainId: '0x7a69', from: ACCOUNT, to: '0x0000000000000000000000000000000000000002',
      permission: { type: 'native-token-allowance', isAdjustmentAllowed: false, data: { allowanceAmount: '0xa', startTime: 1, justification: '' } }, rules: [],
      token: { symbol: 'ETH', decimals: 18 }, delegationManager: '0x0000000000000000000000000000000000000003', context: '0x01', grantedAt: 1,
      delegation: { delegate: '0x0000000000000000000000000000000000000002', delegator: ACCOUNT, authority: `0x${'f'.repeat(64)}`, caveats: [], salt: '0x1', signature: '0x' },
    });
    const listed = async (services: Services) => {
      await services.permissions.grant(ORIGIN, [ACCOUNT]);
      // Unlocked, as a site's request is answered then.
      vi.spyOn(services.vault, 'isUnlocked').mockResolvedValue(true);
      return {
        site: await send(services, { method: 'wallet_getGrantedExecutionPermissions' }),
        permissions: (await grantPages.getGrants.handle({}, { services } as PageContext)).map((g) => g.origin),
      };
    };

    it('a record planted in storage.local (a content script on Firefox), even with the migration count set back, is not listed nor returned to a site', async () => {
      const localArea = memoryBackend();
      const grantRecords = memoryGrantRecordStore();
      await build(localArea, memoryDescriptorFileStore(), grantRecords).local.get('settings');
      await localArea.set({ schemaVersion: 4, grants: [grant(ORIGIN)] });
      const { services } = build(localArea, memoryDescriptorFileStore(), grantRecords);
      expect(await listed(services)).toEqual({ site: { result: [] }, permissions: [] });
    });

    it('keeps the grants stored in storage.local before the update, once moved out of it', async () => {
      const localArea = memoryBackend();
      await localArea.set({ schemaVersion: 4, grants: [grant(ORIGIN)] });
      const { services } = build(localArea);
      expect(await listed(services)).toMatchObject({ site: { result: [{ context: '0x01' }] }, permissions: [ORIGIN] });
      expect(await localArea.get('grants')).toEqual({ grants: [] });
    });

    it('keeps a grant across a worker restart (the services built again over the same stores)', async () => {
      const localArea = memoryBackend();
      const grantRecords = memoryGrantRecordStore();
      await build(localArea, memoryDescriptorFileStore(), grantRecords).services.grants.add(grant(ORIGIN));
      const { services } = build(localArea, memoryDescriptorFileStore(), grantRecords);
      expect(await listed(services)).toMatchObject({ site: { result: [{ context: '0x01' }] }, permissions: [ORIGIN] });
    });

    it('writes on a grant what the wallet’s revoke of it came to once the batch store has the revoke decided', async () => {
      const { services } = build();
      const WALLET = 'chrome-extension://wallet';
      await services.grants.add(grant(ORIGIN));
      await services.batches.add({
        id: 'r', origin: WALLET, chainId: '0x7a69', from: ACCOUNT, atomic: false, upgrade: false, gasLimits: ['0x5208'], state: 'sent', createdAt: 2,
        calls: [{ to: '0x0000000000000000000000000000000000000003', data: '0x', value: '0x0' }], transactions: [{ hash: `0x${'a'.repeat(64)}`, raw: '0x', nonce: 0, calls: [0], sent: true }],
      });
      await services.grants.markRevoked(grant(ORIGIN).id, 3, { origin: WALLET, batchId: 'r' });
      await services.batches.update(WALLET, 'r', (b) => ({
        ...b, transactions: [{ ...b.transactions[0], receipt: { status: '0x1', logs: [], blockHash: `0x${'b'.repeat(64)}`, blockNumber: '0x5', gasUsed: '0x5208', transactionHash: `0x${'a'.repeat(64)}` } }],
      }));
      expect((await services.grants.find(grant(ORIGIN).id))?.revokeBatches).toEqual([{ origin: WALLET, batchId: 'r', createdAt: 2, outcome: 'landed' }]);
    });

    it('forgets the grants at a wallet reset', async () => {
      const { services } = build();
      await services.grants.add(grant(ORIGIN));
      await services.resetStorage();
      expect(await services.grants.list()).toEqual([]);
    });

    it('forgets why a revoke of the popup was refused at a wallet reset: the same account imported again would be told of it', async () => {
      const { services } = build();
      await services.revokeRefusals.set('revokeRefusals', { '0x7a69:0x0000000000000000000000000000000000000001': { code: -32002, message: 'refused' } });
      await services.resetStorage();
      expect(await services.revokeRefusals.get('revokeRefusals')).toEqual({});
    });
  });
});
