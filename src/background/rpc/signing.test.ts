/** Typed data's params are checked to encode by the worker's later script: the checks still come before the user is asked. */
import { describe, expect, it, vi } from 'vitest';
import { PERMISSIONS_DEFAULTS, createPermissions } from '../permissions/permissions';
import { hostListsOf } from '../protection/phishingList';
import { shippedLists } from '../protection/testing';
import { TRUSTED_SITES_DEFAULTS, createTrustedSites } from '../protection/trustedSites';
import type { Services } from '../services';
import { memoryBackend, typedStorage } from '../storage/typedStorage';
import { loadLater } from '../loadLater';
import { runRequest } from './pipeline';
import { DEFERRED } from './types';
import { requestBudget } from '../budget/requestBudget';

vi.mock('../loadLater', async (original) => {
  const actual = await original<typeof import('../loadLater')>();
  return { ...actual, loadLater: vi.fn(actual.loadLater) };
});

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const SITE = 'https://dapp.example';
const GREETING = [{ type: 'string', name: 'greeting', value: 'Hi' }];

async function setup() {
  const local = typedStorage(memoryBackend(), { ...PERMISSIONS_DEFAULTS, ...TRUSTED_SITES_DEFAULTS });
  const permissions = createPermissions(local);
  await permissions.grant(SITE, [ACCOUNT]);
  const asked: string[] = [];
  const services = {
    permissions,
    trustedSites: createTrustedSites(local),
    phishingUpdates: { lists: async () => shippedLists(hostListsOf({ blacklist: [], whitelist: [] })) },
    accounts: { selected: async () => ACCOUNT, list: async () => [{ address: ACCOUNT }] },
    vault: { isUnlocked: async () => true },
    approvals: { earlier: async () => undefined, request: async (type: string) => (asked.push(type), { id: 'queued' }) },
    requestBudget: requestBudget({ capacity: 100, perSecond: 1 }, () => 0),
  } as unknown as Services;
  let id = 0;
  const send = (params: unknown) =>
    runRequest({ method: 'eth_signTypedData', params }, { origin: SITE, method: 'eth_signTypedData', replyTo: { tabId: 1, frameId: 0, origin: SITE, requestId: String(id++) }, services });
  return { send, asked };
}

describe('typed data checked by the later script', () => {
  it('that does not encode is -32602, and nobody is asked', async () => {
    const { send, asked } = await setup();
    expect(await send([[{ type: 'uint8', name: 'count', value: 'many' }], ACCOUNT])).toEqual({ error: { code: -32602, message: expect.stringContaining('typed data does not encode') } });
    expect(asked).toEqual([]);
  });

  it('whose check did not load is an error naming the script, nobody asked; the next request loads it and is asked', async () => {
    const { send, asked } = await setup();
    vi.mocked(loadLater).mockRejectedValueOnce(new Error('background-later.js failed to load'));
    expect(await send([GREETING, ACCOUNT])).toEqual({ error: { code: -32603, message: 'Internal error: background-later.js failed to load' } });
    expect(asked).toEqual([]);
    expect(await send([GREETING, ACCOUNT])).toBe(DEFERRED);
    expect(asked).toEqual(['signTypedData']);
  });
});
