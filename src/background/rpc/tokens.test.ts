import { AbiCoder, Interface } from 'ethers';
import { describe, expect, it } from 'vitest';
import type { WatchAssetDetails, WatchCollectibleDetails } from '../../shared/approvals/watchAsset';
import { LOCAL_DEVNET } from '../../shared/networks';
import type { ApprovalRecord } from '../approvals/types';
import type { ChainNode } from '../networks/rpcClient';
import { COLLECTIBLES_DEFAULTS, createCollectibleStore } from '../collectibles/store';
import { COLLECTIBLE_ABI, INTERFACE_IDS } from '../collectibles/read';
import { createPermissions } from '../permissions/permissions';
import type { Services } from '../services';
import { memoryBackend, typedStorage } from '../storage/typedStorage';
import { PERMISSIONS_DEFAULTS } from '../permissions/permissions';
import { TOKENS_DEFAULTS } from '../tokens/store';
import { createTokenStore } from '../tokens/store';
import { completeApproval, runRequest } from './pipeline';
import { DEFERRED } from './types';
import { PAGE_BUDGET, requestBudget } from '../budget/requestBudget';
import { shippedLists } from '../protection/testing';

const ORIGIN = 'https://dapp.example';
const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const abi = AbiCoder.defaultAbiCoder();
const ERC20 = new Interface(['function symbol()', 'function name()', 'function decimals()', 'function balanceOf(address)']);
const RESULTS: Record<string, string> = {
  [ERC20.getFunction('symbol')!.selector]: abi.encode(['string'], ['TST']),
  [ERC20.getFunction('name')!.selector]: abi.encode(['string'], ['Test Token']),
  [ERC20.getFunction('decimals')!.selector]: abi.encode(['uint8'], [18]),
  [ERC20.getFunction('balanceOf')!.selector]: abi.encode(['uint256'], [5n * 10n ** 18n]),
};
const node = (async (method: string, params: unknown[]) =>
  method === 'eth_getCode' ? '0x60' : RESULTS[(params[0] as { data: string }).data.slice(0, 10)]) as ChainNode;

function setup(chainNode: ChainNode = node) {
  const local = typedStorage(memoryBackend(), { ...PERMISSIONS_DEFAULTS, ...TOKENS_DEFAULTS, ...COLLECTIBLES_DEFAULTS });
  const requested: { type: string; details: unknown }[] = [];
  const devnet = LOCAL_DEVNET;
  const services = {
    local,
    permissions: createPermissions(local),
    tokens: createTokenStore(local),
    collectibles: createCollectibleStore(local),
    accounts: { selected: async () => ACCOUNT },
    vault: { isUnlocked: async () => true },
    phishingUpdates: { lists: async () => shippedLists() },
    topOrigin: async () => undefined,
    networks: { selected: async () => devnet },
    nodeFor: async () => chainNode,
    approvals: { earlier: async () => undefined, request: async (type: string, _from: unknown, details: unknown) => (requested.push({ type, details }), { id: 'queued' }) },
    requestBudget: requestBudget(PAGE_BUDGET, Date.now),
  } as unknown as Services;
  const watch = (params: unknown) =>
    runRequest({ method: 'wallet_watchAsset', params }, { origin: ORIGIN, method: 'wallet_watchAsset', replyTo: { tabId: 1, frameId: 0, origin: ORIGIN, requestId: '1' }, services });
  return { services, requested, watch };
}

const asset = (options: Record<string, unknown> = {}) => ({ type: 'ERC20', options: { address: TOKEN, symbol: 'TST', decimals: 18, ...options } });
const record = (details: WatchAssetDetails) => ({ type: 'watchAsset', method: 'wallet_watchAsset', origin: ORIGIN, details }) as ApprovalRecord;

describe('wallet_watchAsset', () => {
  it('answers 4100 to an origin that is not connected', async () => {
    const { watch } = setup();
    expect(await watch(asset())).toEqual({ error: { code: 4100, message: `${ORIGIN} is not connected: call eth_requestAccounts first` } });
  });

  it('answers -32602 before anything else for bad params', async () => {
    const { watch } = setup();
    expect(await watch(asset({ symbol: 'ABCDEFGHIJKL' }))).toMatchObject({ error: { code: -32602, message: expect.stringMatching(/^Invalid params: options\.symbol/) } });
  });

  it('asks the user with what the contract says, then stores the contract values', async () => {
    const { services, requested, watch } = setup();
    await services.permissions.grant(ORIGIN, [ACCOUNT]);
    expect(await watch([asset({ symbol: 'TSTX', image: 'https://tokens.example/tst.png' })])).toBe(DEFERRED);
    const details = requested[0].details as WatchAssetDetails;
    expect(requested[0].type).toBe('watchAsset');
    expect(details).toEqual({
      account: ACCOUNT,
      chainId: '0x7a69',
      networkName: 'Local devnet',
      token: { address: TOKEN, symbol: 'TST', name: 'Test Token', decimals: 18, image: 'https://tokens.example/tst.png', balance: '5000000000000000000' },
      requested: { symbol: 'TSTX', decimals: 18 },
      // Not the devnet's TST contract: the devnet build's well-known tokens name the real one.
      imitates: { symbol: 'TST', address: '0x10078beE6813c04572224b652228177C0f7BF2CF' },
    });
    expect(await completeApproval(services, record(details), { approved: true })).toEqual({ result: true });
    expect(await services.tokens.list(ACCOUNT, '0x7a69')).toEqual([
      { address: TOKEN, symbol: 'TST', name: 'Test Token', decimals: 18, image: 'https://tokens.example/tst.png', addedAt: expect.any(Number) },
    ]);
    // Already watched: true at once, no second approval.
    expect(await watch(asset())).toEqual({ result: true });
    expect(requested).toHaveLength(1);
  });

  it('a rejection answers 4001; a decimals mismatch is never stored', async () => {
    const { services, requested, watch } = setup();
    await services.permissions.grant(ORIGIN, [ACCOUNT]);
    await watch(asset({ decimals: 6 }));
    const details = requested[0].details as WatchAssetDetails;
    expect(await completeApproval(services, record(details), { approved: false })).toEqual({ error: { code: 4001, message: 'User rejected the request' } });
    expect(await completeApproval(services, record(details), { approved: true })).toEqual({
      error: { code: -32602, message: "Invalid params: options.decimals 6 does not match the contract's decimals() 18" },
    });
    expect(await services.tokens.list(ACCOUNT, '0x7a69')).toEqual([]);
  });
});

const NFT = '0x759994c418Df9102e34046E0BA2F3A81E78F367D';
const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
/** An ERC-721 (ids 1 of ACCOUNT, 3 of OTHER) that also answers balanceOf(account, id) as an ERC-1155 would, when asked as one. */
const nftNode = (standard: 'ERC721' | 'ERC1155') =>
  (async (method: string, params: unknown[]) => {
    if (method === 'eth_getCode') return '0x60';
    const call = (await COLLECTIBLE_ABI()).parseTransaction({ data: (params[0] as { data: string }).data })!;
    if (call.name === 'supportsInterface') return abi.encode(['bool'], [call.args[0] === INTERFACE_IDS[standard]]);
    if (call.name === 'ownerOf') return abi.encode(['address'], [String(call.args[0]) === '1' ? ACCOUNT : OTHER]);
    if (call.name === 'balanceOf') return abi.encode(['uint256'], [String(call.args[1]) === '1' ? 5n : 0n]);
    if (call.name === 'name') return abi.encode(['string'], ['Test Collectible']);
    throw new Error('execution reverted');
  }) as ChainNode;

const nft = (type: string, tokenId: string) => ({ type, options: { address: NFT, tokenId } });
const nftRecord = (details: WatchCollectibleDetails) => ({ type: 'watchAsset', method: 'wallet_watchAsset', origin: ORIGIN, details }) as ApprovalRecord;

describe('wallet_watchAsset for ERC-721 and ERC-1155', () => {
  it('an owned ERC-721: asks with the collection read on chain, stores it once approved, then answers true at once', async () => {
    const { services, requested, watch } = setup(nftNode('ERC721'));
    await services.permissions.grant(ORIGIN, [ACCOUNT]);
    expect(await watch(nft('ERC721', '1'))).toBe(DEFERRED);
    const details = requested[0].details as WatchCollectibleDetails;
    expect(details).toEqual({
      account: ACCOUNT,
      chainId: '0x7a69',
      networkName: 'Local devnet',
      collectible: { standard: 'ERC721', address: NFT, tokenId: '1', name: 'Test Collectible', balance: '1' },
    });
    expect(await completeApproval(services, nftRecord(details), { approved: true })).toEqual({ result: true });
    expect(await services.collectibles.list(ACCOUNT, '0x7a69')).toEqual([{ standard: 'ERC721', address: NFT, tokenId: '1', name: 'Test Collectible', addedAt: expect.any(Number) }]);
    expect(await watch(nft('ERC721', '01'))).toEqual({ result: true });
    expect(requested).toHaveLength(1);
  });

  it('not owned: -32602 before any window; the wrong standard: -32602', async () => {
    const { services, requested, watch } = setup(nftNode('ERC721'));
    await services.permissions.grant(ORIGIN, [ACCOUNT]);
    expect(await watch(nft('ERC721', '3'))).toEqual({
      error: { code: -32602, message: `Suggested NFT is not owned by the selected account: token 3 of ${NFT} belongs to another address or does not exist on Local devnet (0x7a69)` },
    });
    expect(await watch(nft('ERC1155', '1'))).toEqual({
      error: { code: -32602, message: `Invalid params: options.address ${NFT} on Local devnet (0x7a69) is not an ERC-1155 contract: it is an ERC-721 contract: use type "ERC721"` },
    });
    expect(requested).toHaveLength(0);
  });

  it('an ERC-1155 with a balance asks with it; a rejection answers 4001 and stores nothing', async () => {
    const { services, requested, watch } = setup(nftNode('ERC1155'));
    await services.permissions.grant(ORIGIN, [ACCOUNT]);
    expect(await watch(nft('ERC1155', '2'))).toMatchObject({ error: { code: -32602 } });
    expect(await watch(nft('ERC1155', '1'))).toBe(DEFERRED);
    const details = requested[0].details as WatchCollectibleDetails;
    expect(details.collectible).toEqual({ standard: 'ERC1155', address: NFT, tokenId: '1', name: 'Test Collectible', balance: '5' });
    expect(await completeApproval(services, nftRecord(details), { approved: false })).toEqual({ error: { code: 4001, message: 'User rejected the request' } });
    expect(await services.collectibles.list(ACCOUNT, '0x7a69')).toEqual([]);
  });
});
