/** What a site's execution-permission requests are refused before any window: a grant past its share, a revoke on another chain. */
import { describe, expect, it, vi } from 'vitest';
import type { GrantPermissionsDetails } from '../../shared/grants';
import type { Hex } from '../../shared/params';
import * as grantCode from '../executionPermissions/grantCode';
import type { ApprovalRecord } from '../approvals/types';
import { MAX_GRANTS, MAX_GRANTS_PER_SITE, memoryGrantRecordStore, type GrantRecord } from '../executionPermissions/store';
import { fakeBatches } from '../batches/storeFake.fixture';
import type { BatchRecord } from '../batches/types';
import type { Services } from '../services';
import { connectedSite, siteRequests } from './connectedSite.fixture';

// A transaction approved is sent: here, at once, as this hash.
vi.mock('../batches/run', async (original) => ({ ...(await original<object>()), sendBatch: vi.fn(async () => ({ transactions: [{ hash: '0xab' }] })) }));
import { approvalSpecOf, runRequest } from './pipeline';

const ACCOUNT: Hex = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const SITE = 'https://dapp.example';
const CONTEXT: Hex = '0xc0';
const grant = { origin: SITE, chainId: '0x7a69', from: ACCOUNT, context: CONTEXT } as Partial<GrantRecord>;

/** The pipeline's services for a connected site, with `extra` for the method's own; `asked` lists the windows asked for. */
const siteServices = (extra: Record<string, unknown>) => siteRequests(SITE, ACCOUNT, extra);

describe('wallet_requestExecutionPermissions', () => {
  it('is -32602 before any window when the site already holds its share of grants in force: the user would grant, and the grants be refused after signing', async () => {
    const held = Array.from({ length: MAX_GRANTS_PER_SITE }, () => ({ ...grant }));
    const { send, asked } = await siteServices({ grants: { list: async () => held }, grantCode });
    const request = {
      chainId: '0x7a69', to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', rules: [{ type: 'expiry', data: { timestamp: Math.floor(Date.now() / 1000) + 3600 } }],
      permission: { type: 'native-token-allowance', isAdjustmentAllowed: false, data: { allowanceAmount: '0x1' } },
    };
    expect(await send('wallet_requestExecutionPermissions', [request])).toEqual({ error: { code: -32602, message: expect.stringMatching(/holds as many grants as the wallet keeps for a site/) } });
    expect(asked).toEqual([]);
  });

  it('is -32602 before any window when the wallet holds as many grants in force as it keeps, of any sites: the upgrade would be paid and the grants refused after signing', async () => {
    const held = Array.from({ length: MAX_GRANTS }, (_, i) => ({ ...grant, origin: `https://site${i}.example` }));
    const { send, asked } = await siteServices({ grants: { list: async (origin?: string) => held.filter((g) => origin === undefined || g.origin === origin) }, grantCode });
    const request = {
      chainId: '0x7a69', to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', rules: [{ type: 'expiry', data: { timestamp: Math.floor(Date.now() / 1000) + 3600 } }],
      permission: { type: 'native-token-allowance', isAdjustmentAllowed: false, data: { allowanceAmount: '0x1' } },
    };
    expect(await send('wallet_requestExecutionPermissions', [request])).toEqual({ error: { code: -32602, message: expect.stringMatching(/This wallet holds as many grants as it keeps/) } });
    expect(asked).toEqual([]);
  });

  it('is 4200 before any window for a Ledger account: the Ledger app signs no upgrade to the DeleGator, so the user would review a grant that cannot be made', async () => {
    const { send, asked } = await siteServices({ grants: { list: async () => [] }, grantCode, accounts: { selected: async () => ACCOUNT, list: async () => [{ address: ACCOUNT, ledgerPath: "44'/60'/0'/0/0" }], ledgerPath: async () => "44'/60'/0'/0/0" } });
    const request = {
      chainId: '0x7a69', to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', rules: [{ type: 'expiry', data: { timestamp: Math.floor(Date.now() / 1000) + 3600 } }],
      permission: { type: 'native-token-allowance', isAdjustmentAllowed: false, data: { allowanceAmount: '0x1' } },
    };
    expect(await send('wallet_requestExecutionPermissions', [request])).toEqual({ error: { code: 4200, message: expect.stringMatching(/Ledger account/) } });
    expect(asked).toEqual([]);
  });
});

describe('wallet_revokeExecutionPermission', () => {
  it('is -32602 while another network is selected, and nobody is asked: sent there, the grant would stay in force on its own chain, yet be listed as revoked', async () => {
    const { send, asked } = await siteServices({
      grants: { list: async () => [grant] },
      grantCode: { ...grantCode, revokeCall: async () => ({ to: '0xdb9B1e94B5b69Df7e401DDbedE43491141047dB3', data: '0x49934047' }) },
      networks: { selected: async () => ({ chainId: '0x1', name: 'Ethereum' }) },
      batches: fakeBatches([]),
    });
    expect(await send('wallet_revokeExecutionPermission', [{ permissionContext: CONTEXT }])).toEqual({ error: { code: -32602, message: expect.stringMatching(/does not match the selected network/) } });
    expect(asked).toEqual([]);
  });
});

describe('wallet_revokeExecutionPermission asked again', () => {
  it('is -32002, nobody asked, while a revoke of the same grant by the site waits for the user: approved after the first, it would revert, its fee lost', async () => {
    const revoke = { to: '0xdb9B1e94B5b69Df7e401DDbedE43491141047dB3', data: '0x49934047' };
    const { services, asked } = await connectedSite(SITE, ACCOUNT, { grants: { list: async () => [grant] }, grantCode: { ...grantCode, revokeCall: async () => revoke }, batches: fakeBatches([{ id: 'first', origin: SITE, from: ACCOUNT, chainId: '0x7a69', calls: [revoke] } as unknown as BatchRecord]) });
    services.approvals.pending = async () => [{ origin: SITE, method: 'wallet_revokeExecutionPermission', details: { batchId: 'first' } }] as ApprovalRecord[];
    const response = await runRequest({ method: 'wallet_revokeExecutionPermission', params: [{ permissionContext: CONTEXT }] }, { origin: SITE, method: 'wallet_revokeExecutionPermission', replyTo: { tabId: 1, frameId: 0, origin: SITE, requestId: '2' }, services });
    expect(response).toEqual({ error: { code: -32002, message: expect.stringMatching(/already waits for your answer/) } });
    expect(asked).toEqual([]);
  });
});

/** A site's grant approved on a devnet account that the window planned to upgrade first (batch 'up'). */
const grantWithUpgrade = (grants: unknown[]) => {
  const details = {
    account: ACCOUNT, chainId: '0x7a69', networkName: 'Local devnet', symbol: 'ETH', grants,
    upgrade: { batchId: 'up', gasLimit: '55200', maxFee: '1', replaces: null, delegate: { address: ACCOUNT, name: 'DeleGator' }, dangers: [] },
  } as unknown as GrantPermissionsDetails;
  return { id: 'a', type: 'grantPermissions', method: 'wallet_requestExecutionPermissions', origin: SITE, replyTo: { tabId: 1, frameId: 0, origin: SITE, requestId: '1' }, createdAt: 0, details } as ApprovalRecord;
};

describe('wallet_requestExecutionPermissions on Grant', () => {
  it('refuses an adjustment the wallet would not take before the account’s upgrade is sent, and drops the planned upgrade: the user would pay for an upgrade and get no grant', async () => {
    const steps: string[] = [];
    const services = {
      nodeFor: async () => async () => '0x',
      accounts: { signer: async () => ({}) },
      grants: { list: async () => [] },
      batches: { remove: async (origin: string, id: string) => void steps.push(`${id} of ${origin} dropped`) },
      grantCode: { ...grantCode, upgradeFirst: async () => void steps.push('upgrade sent') },
    } as unknown as Services;
    const record = grantWithUpgrade([{ to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', permission: { type: 'native-token-allowance', isAdjustmentAllowed: false, data: { allowanceAmount: '0x10' } }, rules: [], token: { symbol: 'ETH', decimals: 18, balance: '0' }, dangers: [] }]);
    const spec = approvalSpecOf(record)!;
    await expect(spec.approve(record, [{ amount: '0x5' }], services)).rejects.toMatchObject({ code: -32602, message: expect.stringMatching(/did not allow this permission to be changed/) });
    // Stored when the window was prepared, unsent: nothing else would ever drop it (the approval is finished).
    expect(steps).toEqual([`up of ${SITE} dropped`]);
  });
});

describe('wallet_requestExecutionPermissions on Grant, the wallet’s list filled meanwhile', () => {
  it('is -32602 before the account’s upgrade is sent when other sites’ grants took the room while the window was open: the user would pay the upgrade, sign, and get no grant', async () => {
    const steps: string[] = [];
    const others = Array.from({ length: MAX_GRANTS }, (_, i) => ({ ...grant, origin: `https://site${i}.example` }));
    const services = {
      nodeFor: async () => async () => '0x',
      accounts: { signer: async () => ({}) },
      grants: { list: async () => others, add: async () => false },
      batches: { remove: async (origin: string, id: string) => void steps.push(`${id} of ${origin} dropped`) },
      grantCode: { ...grantCode, adjustedGrants: async () => [], upgradeFirst: async () => void steps.push('upgrade sent'), signedGrants: async () => [{}] },
    } as unknown as Services;
    const record = grantWithUpgrade([{}]);
    await expect(approvalSpecOf(record)!.approve(record, [], services)).rejects.toMatchObject({ code: -32602, message: expect.stringMatching(/as many grants as it keeps/) });
    expect(steps).toEqual([`up of ${SITE} dropped`]);
  });
});

describe('wallet_requestExecutionPermissions on Grant, the node behind the wallet’s own Revoke all', () => {
  it('is -32002 before the account’s upgrade is sent: a grant at a nonce the wallet raised the account past would be born revoked', async () => {
    const steps: string[] = [];
    const nonceStore = memoryGrantRecordStore();
    await nonceStore.saveNonces({ [`31337:${ACCOUNT.toLowerCase()}`]: { reached: '3' } });
    const services = {
      nodeFor: async () => async () => `0x${'1'.padStart(64, '0')}`,
      accounts: { signer: async () => ({}) },
      grants: { list: async () => [], add: async () => true, nonceStore },
      batches: { ...fakeBatches([]), remove: async (origin: string, id: string) => void steps.push(`${id} of ${origin} dropped`) },
      grantCode: { ...grantCode, adjustedGrants: async () => [], upgradeFirst: async () => void steps.push('upgrade sent'), signedGrants: async () => [{}] },
    } as unknown as Services;
    const record = grantWithUpgrade([{}]);
    await expect(approvalSpecOf(record)!.approve(record, [], services)).rejects.toMatchObject({ code: -32002, message: expect.stringMatching(/took it to 3 already/) });
    expect(steps).toEqual([`up of ${SITE} dropped`]);
  });
});
