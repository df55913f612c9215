import { describe, expect, it } from 'vitest';
import { LOCAL_DEVNET } from '../../shared/networks';
import type { ApprovalRecord } from '../approvals/types';
import { PERMISSIONS_DEFAULTS, createPermissions } from '../permissions/permissions';
import { DEVNET_LISTED_HOST, hostListsOf } from '../protection/phishingList';
import { TRUSTED_SITES_DEFAULTS, createTrustedSites } from '../protection/trustedSites';
import type { Services } from '../services';
import { memoryBackend, typedStorage } from '../storage/typedStorage';
import { completeApproval, runRequest } from './pipeline';
import { DEFERRED } from './types';
import { PAGE_BUDGET, requestBudget } from '../budget/requestBudget';
import { shippedLists } from '../protection/testing';

const LISTED = `http://${DEVNET_LISTED_HOST}:4173`;
const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const LISTED_MESSAGE = `${DEVNET_LISTED_HOST} is on the phishing list of known deceptive sites (eth-phishing-detect)`;

const FRESHLY_LISTED = 'https://fresh-phish.example';

function setup(topOrigin?: string) {
  const local = typedStorage(memoryBackend(), { ...PERMISSIONS_DEFAULTS, ...TRUSTED_SITES_DEFAULTS });
  const queued: ApprovalRecord[] = [];
  const devnet = LOCAL_DEVNET;
  const services = {
    permissions: createPermissions(local),
    trustedSites: createTrustedSites(local),
    accounts: { selected: async () => ACCOUNT, list: async () => [{ address: ACCOUNT }], ledgerPath: async () => undefined },
    vault: { isUnlocked: async () => true },
    networks: { selected: async () => devnet },
    phishingUpdates: { lists: async () => shippedLists(hostListsOf({ blacklist: ['fresh-phish.example'], whitelist: [] })) },
    topOrigin: async (tabId: number) => (tabId === 1 ? topOrigin : undefined),
    approvals: {
      earlier: async () => undefined,
      pending: async () => queued.filter((a) => !a.decision),
      async request(type: string, { receivedAt, ...from }: Pick<ApprovalRecord, 'origin' | 'method' | 'replyTo'> & { receivedAt?: number }, details: unknown) {
        const record = { id: String(queued.length), type, ...from, createdAt: receivedAt ?? 0, details } as ApprovalRecord;
        queued.push(record);
        return record;
      },
    },
    requestBudget: requestBudget(PAGE_BUDGET, Date.now),
  } as unknown as Services;
  const replyTo = (origin: string, requestId: string, frameId: number) => ({ tabId: 1, frameId, origin, requestId });
  const send = (method: string, origin = LISTED, requestId = '1', params: unknown = [], frameId = 0) =>
    runRequest({ method, params }, { origin, method, replyTo: replyTo(origin, requestId, frameId), services });
  return { services, queued, send };
}

describe('requests from a site on the phishing list', () => {
  it('are held behind the warning when they ask the user; 4100 when they need authorization; chain reads answered', async () => {
    const { queued, send } = setup();
    expect(await send('eth_requestAccounts')).toBe(DEFERRED);
    expect(queued).toMatchObject([{ type: 'phishing', method: 'eth_requestAccounts', origin: LISTED, details: { hostname: DEVNET_LISTED_HOST, request: { method: 'eth_requestAccounts', params: [] } } }]);
    expect(await send('wallet_getCapabilities', LISTED, '2', [ACCOUNT])).toEqual({
      error: { code: 4100, message: `${LISTED_MESSAGE}: the wallet does not answer it unless the user chooses to trust it` },
    });
    expect(await send('eth_chainId', LISTED, '3')).toEqual({ result: '0x7a69' });
  });

  it('are parsed before they are held: malformed params get -32602 at once and put no warning in front of the user', async () => {
    const { queued, send } = setup();
    expect(await send('personal_sign', LISTED, '1', ['0x68656c6c6f', 'not an address'])).toMatchObject({ error: { code: -32602 } });
    expect(await send('wallet_sendCalls', LISTED, '2', [{ calls: 'none' }])).toMatchObject({ error: { code: -32602 } });
    expect(queued).toEqual([]);
  });

  it('"Back to safety" answers the held request 4001 and trusts nothing', async () => {
    const { services, queued, send } = setup();
    await send('eth_requestAccounts');
    expect(await completeApproval(services, queued[0], { approved: false })).toEqual({ error: { code: 4001, message: `The user went back to safety: ${LISTED_MESSAGE}` } });
    expect(await services.trustedSites.isTrusted(LISTED)).toBe(false);
    expect(await send('eth_requestAccounts', LISTED, '2')).toBe(DEFERRED);
    expect(queued[1].type).toBe('phishing');
  });

  it('"Continue anyway" trusts the origin (only it) and hands the held request on to its own approval', async () => {
    const { services, queued, send } = setup();
    await send('eth_requestAccounts');
    const warning = { ...queued[0], decision: { approved: true } } as ApprovalRecord;
    queued[0] = warning;
    // No reply yet: the connect approval answers the page.
    expect(await completeApproval(services, warning, { approved: true })).toBeNull();
    expect(queued[1]).toMatchObject({ type: 'connect', method: 'eth_requestAccounts', origin: LISTED, replyTo: warning.replyTo, details: {} });
    // In the queue where the warning was: the request arrived then (the queue lists requests as they arrived).
    expect(warning.createdAt).toBeGreaterThan(0);
    expect(queued[1].createdAt).toBe(warning.createdAt);
    // Finished again after a restart: the connect request already waits, it is not asked twice.
    expect(await completeApproval(services, warning, { approved: true })).toBeNull();
    expect(queued).toHaveLength(2);
    // Kept: the next request goes straight on; another port of the same host is another site.
    expect(await services.trustedSites.isTrusted(LISTED)).toBe(true);
    expect(await send('wallet_getCapabilities', LISTED, '2', [ACCOUNT])).toMatchObject({ error: { code: 4100, message: expect.stringContaining('is not connected') } });
    expect(await send('eth_requestAccounts', `http://${DEVNET_LISTED_HOST}:8080`, '3')).toBe(DEFERRED);
    expect(queued[2].type).toBe('phishing');
  });

  it('are held when the newer, fetched copy of the list names the site', async () => {
    const { queued, send } = setup();
    expect(await send('eth_requestAccounts', FRESHLY_LISTED)).toBe(DEFERRED);
    expect(queued).toMatchObject([{ type: 'phishing', origin: FRESHLY_LISTED, details: { hostname: 'fresh-phish.example' } }]);
  });

  it('are held when the page around the frame is listed; trusting it trusts that page', async () => {
    const { services, queued, send } = setup(LISTED);
    expect(await send('eth_requestAccounts', 'https://dapp.example', '1', [], 3)).toBe(DEFERRED);
    expect(queued).toMatchObject([{ type: 'phishing', origin: 'https://dapp.example', details: { hostname: DEVNET_LISTED_HOST, listedOrigin: LISTED } }]);
    queued[0] = { ...queued[0], decision: { approved: true } } as ApprovalRecord;
    expect(await completeApproval(services, queued[0], { approved: true })).toBeNull();
    expect(await services.trustedSites.isTrusted(LISTED)).toBe(true);
    expect(await services.trustedSites.isTrusted('https://dapp.example')).toBe(false);
    expect(queued[1]).toMatchObject({ type: 'connect', origin: 'https://dapp.example' });
  });

  it('leave other sites alone', async () => {
    const { queued, send } = setup();
    expect(await send('eth_requestAccounts', 'https://dapp.example')).toBe(DEFERRED);
    expect(queued).toMatchObject([{ type: 'connect', details: {} }]);
  });
});
