/** The pipeline's request budget: which requests take from a site's bucket (../budget/requestBudget.ts), and what a page hears beyond it. */
import { describe, expect, it } from 'vitest';
import { LOCAL_DEVNET } from '../../shared/networks';
import { PERMISSIONS_DEFAULTS, createPermissions } from '../permissions/permissions';
import { TRUSTED_SITES_DEFAULTS, createTrustedSites } from '../protection/trustedSites';
import type { Services } from '../services';
import { memoryBackend, typedStorage } from '../storage/typedStorage';
import { requestBudget } from '../budget/requestBudget';
import { runRequest } from './pipeline';

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const CONNECTED = 'https://connected.example';
const STRANGER = 'https://stranger.example';
const CAPACITY = 3;

async function setup() {
  const local = typedStorage(memoryBackend(), { ...PERMISSIONS_DEFAULTS, ...TRUSTED_SITES_DEFAULTS });
  const permissions = createPermissions(local);
  await permissions.grant(CONNECTED, [ACCOUNT]);
  const asked: string[] = [];
  const services = {
    permissions,
    trustedSites: createTrustedSites(local),
    accounts: { selected: async () => ACCOUNT, list: async () => [{ address: ACCOUNT }] },
    vault: { isUnlocked: async () => true },
    networks: { selected: async () => LOCAL_DEVNET },
    node: async (method: string) => (asked.push(method), '0x1'),
    requestBudget: requestBudget({ capacity: CAPACITY, perSecond: 1 }, () => 0),
  } as unknown as Services;
  let id = 0;
  const send = (origin: string, method: string, params: unknown = []) =>
    runRequest({ method, params }, { origin, method, replyTo: { tabId: 1, frameId: 0, origin, requestId: String(id++) }, services });
  return { send, asked };
}

const LIMITED = { error: { code: -32005, message: expect.stringMatching(/^Request limit exceeded: /) } };

describe('the request budget', () => {
  it('counts a connected site\'s node reads: beyond the budget they are -32005 and the node is not asked', async () => {
    const { send, asked } = await setup();
    for (let n = 0; n < CAPACITY; n++) expect(await send(CONNECTED, 'eth_getBalance', [ACCOUNT, 'latest'])).toEqual({ result: '0x1' });
    expect(await send(CONNECTED, 'eth_blockNumber')).toEqual(LIMITED);
    expect(asked).toEqual(Array(CAPACITY).fill('eth_getBalance'));
    // What the wallet answers itself, for a connected site, is not counted.
    for (let n = 0; n < CAPACITY + 2; n++) expect(await send(CONNECTED, 'eth_accounts')).toEqual({ result: [ACCOUNT.toLowerCase()] });
  });

  it('counts every request of a site that is not connected', async () => {
    const { send } = await setup();
    for (let n = 0; n < CAPACITY; n++) expect(await send(STRANGER, 'eth_accounts')).toEqual({ result: [] });
    expect(await send(STRANGER, 'eth_accounts')).toEqual(LIMITED);
    expect(await send(STRANGER, 'wallet_addEthereumChain', [{}])).toEqual(LIMITED);
    // Another site's budget is its own.
    expect(await send(CONNECTED, 'eth_blockNumber')).toEqual({ result: '0x1' });
  });

  it('is one per site: a page\'s subdomain frames draw from its bucket, not each from a bucket of its own', async () => {
    const { send, asked } = await setup();
    for (const origin of ['https://stranger.example', 'https://a.stranger.example', 'https://b.a.stranger.example']) {
      expect(await send(origin, 'eth_blockNumber')).toEqual({ result: '0x1' });
    }
    expect(await send('https://c.stranger.example', 'eth_blockNumber')).toEqual({ error: { code: -32005, message: expect.stringContaining('stranger.example (its subdomains') } });
    expect(asked).toHaveLength(CAPACITY);
    // Sites under a public suffix are not one site.
    expect(await send('https://alice.github.io', 'eth_blockNumber')).toEqual({ result: '0x1' });
  });
});
