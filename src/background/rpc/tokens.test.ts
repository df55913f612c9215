import { AbiCoder, Interface } from 'ethers';
import { describe, expect, it } from 'vitest';
import type { WatchAssetDetails } from '../../shared/approvals';
import { BUILT_IN_NETWORKS, LOCAL_DEVNET_CHAIN_ID } from '../../shared/networks';
import type { ApprovalRecord } from '../approvals/types';
import type { ChainNode } from '../networks/rpcClient';
import { createPermissions } from '../permissions/permissions';
import type { Services } from '../services';
import { memoryBackend, typedStorage } from '../storage/typedStorage';
import { PERMISSIONS_DEFAULTS } from '../permissions/permissions';
import { TOKENS_DEFAULTS } from '../tokens/store';
import { createTokenStore } from '../tokens/store';
import { completeApproval, runRequest } from './pipeline';
import { DEFERRED } from './types';

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

function setup() {
  const local = typedStorage(memoryBackend(), { ...PERMISSIONS_DEFAULTS, ...TOKENS_DEFAULTS });
  const requested: { type: string; details: unknown }[] = [];
  const devnet = BUILT_IN_NETWORKS.find((n) => n.chainId === LOCAL_DEVNET_CHAIN_ID)!;
  const services = {
    local,
    permissions: createPermissions(local),
    tokens: createTokenStore(local),
    accounts: { selected: async () => ACCOUNT },
    vault: { isUnlocked: async () => true },
    networks: { selected: async () => devnet },
    nodeFor: async () => node,
    approvals: { earlier: async () => undefined, request: async (type: string, _from: unknown, details: unknown) => void requested.push({ type, details }) },
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
