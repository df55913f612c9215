import { Wallet, verifyMessage } from 'ethers';
import { describe, expect, it } from 'vitest';
import type { ConnectDetails } from '../../shared/approvals/connect';
import { DEVNET_BUILD_NETWORKS, LOCAL_DEVNET } from '../../shared/networks';
import { siweMessage } from '../../shared/siwe';
import type { ApprovalRecord } from '../approvals/types';
import { PERMISSIONS_DEFAULTS, createPermissions } from '../permissions/permissions';
import type { Services } from '../services';
import { memoryBackend, typedStorage } from '../storage/typedStorage';
import type { WalletConnectResult } from './dappMethods';
import { completeApproval, runRequest } from './pipeline';
import { DEFERRED } from './types';
import { PAGE_BUDGET, requestBudget } from '../budget/requestBudget';
import { shippedLists } from '../protection/testing';

const ORIGIN = 'https://dapp.example';
// anvil's first development key: a test fixture, never funded outside a devnet.
const SIGNER = new Wallet('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
const ACCOUNT = SIGNER.address as `0x${string}`;

function setup() {
  const local = typedStorage(memoryBackend(), PERMISSIONS_DEFAULTS);
  const requested: ConnectDetails[] = [];
  const devnet = LOCAL_DEVNET;
  const services = {
    permissions: createPermissions(local),
    accounts: { selected: async () => ACCOUNT, list: async () => [{ address: ACCOUNT }], signer: async () => SIGNER },
    deviceSigning: { signatureFor: async () => undefined },
    vault: { isUnlocked: async () => true },
    phishingUpdates: { lists: async () => shippedLists() },
    topOrigin: async () => undefined,
    networks: { selected: async () => devnet, all: async () => DEVNET_BUILD_NETWORKS },
    emit: async () => undefined,
    approvals: { earlier: async () => undefined, request: async (_type: string, _from: unknown, details: ConnectDetails) => (requested.push(details), { id: 'queued' }) },
    requestBudget: requestBudget(PAGE_BUDGET, Date.now),
  } as unknown as Services;
  const request = (method: string, params?: unknown) =>
    runRequest({ method, params }, { origin: ORIGIN, method, replyTo: { tabId: 1, frameId: 0, origin: ORIGIN, requestId: '1' }, services });
  const decide = (approved: boolean) =>
    completeApproval(services, { type: 'connect', method: 'wallet_connect', origin: ORIGIN, details: requested.at(-1)! } as ApprovalRecord, approved ? { approved, answer: [ACCOUNT] } : { approved });
  return { requested, request, decide };
}

const connect = (capabilities?: Record<string, unknown>, chainIds?: string[]) => [{ version: '1', ...(capabilities && { capabilities }), ...(chainIds && { chainIds }) }];
/** The selected network first, then the others in the wallet's order. */
const EVERY_CHAIN = [LOCAL_DEVNET.chainId, ...DEVNET_BUILD_NETWORKS.filter((n) => n !== LOCAL_DEVNET).map((n) => n.chainId)];

describe('wallet_connect', () => {
  it('fills in what the site left out, shows the message, and answers with it signed by the chosen account', async () => {
    const { requested, request, decide } = setup();
    const before = Date.now();
    expect(await request('wallet_connect', connect({ signInWithEthereum: { nonce: 'n0nce1234', statement: 'Welcome back' } }))).toBe(DEFERRED);
    const { chainIds, signIn } = requested[0];
    expect(chainIds).toEqual(EVERY_CHAIN);
    expect(signIn).toEqual({ fields: { nonce: 'n0nce1234', statement: 'Welcome back', domain: 'dapp.example', uri: ORIGIN, version: '1', chainId: '31337', issuedAt: expect.any(String) } });
    expect(Date.parse(signIn!.fields.issuedAt)).toBeGreaterThanOrEqual(before - 1000);

    const { result } = (await decide(true)) as { result: WalletConnectResult };
    const [{ address, capabilities }] = result.accounts;
    expect(address).toBe(ACCOUNT);
    expect(capabilities.signInWithEthereum!.message).toBe(siweMessage(signIn!.fields, ACCOUNT));
    expect(capabilities.signInWithEthereum!.message).toMatch(/^dapp\.example wants you to sign in with your Ethereum account:\n0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266\n\nWelcome back\n\nURI: https:\/\/dapp\.example\n/);
    expect(verifyMessage(capabilities.signInWithEthereum!.message, capabilities.signInWithEthereum!.signature)).toBe(ACCOUNT);
    expect(result.chainIds).toEqual(EVERY_CHAIN);
    expect(await request('eth_accounts')).toEqual({ result: [ACCOUNT.toLowerCase()] });
  });

  it('gives the screen the domain and scheme the site asked, which it names when they are not the requesting site’s (shared/signInElsewhere.ts)', async () => {
    const { requested, request } = setup();
    await request('wallet_connect', connect({ signInWithEthereum: { nonce: '12345678', domain: 'bank.example' } }));
    expect(requested[0].signIn!.fields.domain).toBe('bank.example');
    await request('wallet_connect', connect({ signInWithEthereum: { nonce: '12345678', scheme: 'http' } }));
    expect(requested[1].signIn!.fields).toMatchObject({ scheme: 'http', domain: 'dapp.example' });
  });

  it('answers a connected site at once without sign-in, and asks again with it', async () => {
    const { requested, request, decide } = setup();
    await request('wallet_connect', connect());
    expect(requested[0]).toEqual({ chainIds: EVERY_CHAIN });
    expect(await decide(true)).toEqual({ result: { accounts: [{ address: ACCOUNT, capabilities: {} }], chainIds: EVERY_CHAIN } });
    expect(await request('wallet_connect', connect({}, ['0x2105']))).toEqual({ result: { accounts: [{ address: ACCOUNT, capabilities: {} }], chainIds: ['0x2105'] } });
    expect(await request('wallet_connect', connect({ signInWithEthereum: { nonce: '12345678' } }))).toBe(DEFERRED);
    expect(requested).toHaveLength(2);
  });

  it('keeps the asked chains the wallet has (5710 for none); the sign-in defaults to the first of them', async () => {
    const { requested, request } = setup();
    expect(await request('wallet_connect', connect(undefined, ['0x7a6e', '0x7a6f']))).toEqual({ error: { code: 5710, message: 'None of the chains 0x7a6e, 0x7a6f is a network of this wallet' } });
    await request('wallet_connect', connect({ signInWithEthereum: { nonce: '12345678' } }, ['0x7a6e', '0x2105']));
    expect(requested[0].chainIds).toEqual(['0x2105']);
    expect(requested[0].signIn!.fields.chainId).toBe('8453');
  });

  it('answers 4001 when the user rejects, and grants nothing', async () => {
    const { request, decide } = setup();
    await request('wallet_connect', connect({ signInWithEthereum: { nonce: '12345678' } }));
    expect(await decide(false)).toEqual({ error: { code: 4001, message: 'User rejected the request' } });
    expect(await request('eth_accounts')).toEqual({ result: [] });
  });
});
