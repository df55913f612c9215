/** What a site's execution-permission requests are refused before any window: a grant past its share, a revoke on another chain. */
import { AbiCoder } from 'ethers';
import { describe, expect, it, vi } from 'vitest';
import type { GrantPermissionsDetails } from '../../shared/grants';
import type { Hex } from '../../shared/params';
import * as grantCode from '../executionPermissions/grantCode';
import type { ApprovalRecord } from '../approvals/types';
import { MAX_GRANTS, MAX_GRANTS_PER_SITE, memoryGrantRecordStore, type GrantRecord } from '../executionPermissions/store';
import type { Services } from '../services';
import { frameworkOn } from '../executionPermissions/framework';
import { connectedSite } from './connectedSite.fixture';
import { DELEGATOR_V08, delegationCode } from '../../shared/contracts';
import type { ChainNode } from '../networks/rpcClient';
import { DELEGATE_CODE } from '../batches/delegates';
import { revokeAllCalls } from '../executionPermissions/nonce';
import type { SendTransactionDetails } from '../../shared/approvals/transaction';
import { transactionApproval } from './transactions';

// A transaction approved is sent: here, at once, as this hash.
vi.mock('../batches/run', async (original) => ({ ...(await original<object>()), sendBatch: vi.fn(async () => ({ transactions: [{ hash: '0xab' }] })) }));
import { approvalSpecOf, askAsWallet, runRequest } from './pipeline';
import { sendBatch } from '../batches/run';

/** A node that says the account's grant nonce is `nonce`. */
const nodeSaying = (nonce: bigint) => async () => AbiCoder.defaultAbiCoder().encode(['uint256'], [nonce]);

const ACCOUNT: Hex = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const SITE = 'https://dapp.example';
const CONTEXT: Hex = '0xc0';
const grant = { origin: SITE, chainId: '0x7a69', from: ACCOUNT, context: CONTEXT } as Partial<GrantRecord>;

/** The pipeline's services for a connected site, with `extra` for the method's own; `asked` lists the windows asked for. */
async function siteServices(extra: Record<string, unknown>) {
  const { services, asked } = await connectedSite(SITE, ACCOUNT, extra);
  const send = (method: string, params: unknown) => runRequest({ method, params }, { origin: SITE, method, replyTo: { tabId: 1, frameId: 0, origin: SITE, requestId: '1' }, services });
  return { send, asked };
}

const WALLET = 'chrome-extension://wallet';
const SITE_TOKEN: Hex = '0x00000000000000000000000000000000000000cc';
/** The popup's wallet_revokeGrants, approved: the wallet's own request (no tab). */
const popupRevoke = {
  id: 'r', type: 'sendTransaction', method: 'wallet_revokeGrants', origin: WALLET, createdAt: 0,
  replyTo: { tabId: -1, frameId: 0, origin: WALLET, requestId: '' }, details: { batchId: 'b', from: ACCOUNT, call: {} },
} as unknown as ApprovalRecord;

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
    });
    expect(await send('wallet_revokeExecutionPermission', [{ permissionContext: CONTEXT }])).toEqual({ error: { code: -32602, message: expect.stringMatching(/does not match the selected network/) } });
    expect(asked).toEqual([]);
  });
});

describe('wallet_revokeExecutionPermission asked again', () => {
  it('is -32002, nobody asked, while a revoke of the same grant by the site waits for the user: approved after the first, it would revert, its fee lost', async () => {
    const revoke = { to: '0xdb9B1e94B5b69Df7e401DDbedE43491141047dB3', data: '0x49934047' };
    const { services, asked } = await connectedSite(SITE, ACCOUNT, { grants: { list: async () => [grant] }, grantCode: { ...grantCode, revokeCall: async () => revoke }, batches: { get: async () => ({ from: ACCOUNT, chainId: '0x7a69', calls: [revoke] }), authentic: async () => true } });
    services.approvals.pending = async () => [{ origin: SITE, method: 'wallet_revokeExecutionPermission', details: { batchId: 'first' } }] as ApprovalRecord[];
    const response = await runRequest({ method: 'wallet_revokeExecutionPermission', params: [{ permissionContext: CONTEXT }] }, { origin: SITE, method: 'wallet_revokeExecutionPermission', replyTo: { tabId: 1, frameId: 0, origin: SITE, requestId: '2' }, services });
    expect(response).toEqual({ error: { code: -32002, message: expect.stringMatching(/already waits for your answer/) } });
    expect(asked).toEqual([]);
  });
});

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
    const details = {
      account: ACCOUNT, chainId: '0x7a69', networkName: 'Local devnet', symbol: 'ETH',
      grants: [{ to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', permission: { type: 'native-token-allowance', isAdjustmentAllowed: false, data: { allowanceAmount: '0x10' } }, rules: [], token: { symbol: 'ETH', decimals: 18, balance: '0' }, dangers: [] }],
      upgrade: { batchId: 'up', gasLimit: '55200', maxFee: '1', replaces: null, delegate: { address: ACCOUNT, name: 'DeleGator' }, dangers: [] },
    } as unknown as GrantPermissionsDetails;
    const record = { id: 'a', type: 'grantPermissions', method: 'wallet_requestExecutionPermissions', origin: SITE, replyTo: { tabId: 1, frameId: 0, origin: SITE, requestId: '1' }, createdAt: 0, details } as ApprovalRecord;
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
    const details = {
      account: ACCOUNT, chainId: '0x7a69', networkName: 'Local devnet', symbol: 'ETH', grants: [{}],
      upgrade: { batchId: 'up', gasLimit: '55200', maxFee: '1', replaces: null, delegate: { address: ACCOUNT, name: 'DeleGator' }, dangers: [] },
    } as unknown as GrantPermissionsDetails;
    const record = { id: 'a', type: 'grantPermissions', method: 'wallet_requestExecutionPermissions', origin: SITE, replyTo: { tabId: 1, frameId: 0, origin: SITE, requestId: '1' }, createdAt: 0, details } as ApprovalRecord;
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
      batches: { remove: async (origin: string, id: string) => void steps.push(`${id} of ${origin} dropped`), get: async () => undefined },
      grantCode: { ...grantCode, adjustedGrants: async () => [], upgradeFirst: async () => void steps.push('upgrade sent'), signedGrants: async () => [{}] },
    } as unknown as Services;
    const details = {
      account: ACCOUNT, chainId: '0x7a69', networkName: 'Local devnet', symbol: 'ETH', grants: [{}],
      upgrade: { batchId: 'up', gasLimit: '55200', maxFee: '1', replaces: null, delegate: { address: ACCOUNT, name: 'DeleGator' }, dangers: [] },
    } as unknown as GrantPermissionsDetails;
    const record = { id: 'a', type: 'grantPermissions', method: 'wallet_requestExecutionPermissions', origin: SITE, replyTo: { tabId: 1, frameId: 0, origin: SITE, requestId: '1' }, createdAt: 0, details } as ApprovalRecord;
    await expect(approvalSpecOf(record)!.approve(record, [], services)).rejects.toMatchObject({ code: -32002, message: expect.stringMatching(/took it to 3 already/) });
    expect(steps).toEqual([`up of ${SITE} dropped`]);
  });
});

describe('the popup’s Revoke (wallet_revokeGrants)', () => {
  const held = {
    ...grant, id: `0x${'1'.repeat(64)}`, grantedAt: 1, delegationManager: frameworkOn(31337)!.delegationManager,
    delegation: { delegate: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', delegator: ACCOUNT, authority: `0x${'f'.repeat(64)}`, caveats: [], salt: '0x1', signature: '0x1234' },
  } as GrantRecord;

  it('marks the grant its call revokes once the transaction is sent, not before', async () => {
    const call = await grantCode.revokeCall(held);
    const marked: string[] = [];
    const services = {
      grantCode, deviceSigning: { placeSigned: async () => undefined },
      batches: { get: async () => ({ from: ACCOUNT, chainId: '0x7a69', calls: [{ ...call, value: '0x0' }], createdAt: 5 }), authentic: async () => true },
      grants: { list: async () => [held], markRevoked: async (id: string) => void marked.push(id), nonceStore: memoryGrantRecordStore() },
    } as unknown as Services;
    const record = popupRevoke;
    expect(await approvalSpecOf(record)!.approve(record, 'market', services)).toBe('0xab');
    expect(marked).toEqual([held.id]);
  });

  it('keeps an approved Revoke all as sent, which Revoke all counts on once its receipt shows the increments', async () => {
    const nonceStore = memoryGrantRecordStore();
    const batch = { id: 'b', origin: WALLET, from: ACCOUNT, chainId: '0x7a69', calls: [{ ...(await grantCode.revokeAllCall('0x7a69')), value: '0x0' }], createdAt: 5 };
    const services = {
      grantCode, deviceSigning: { placeSigned: async () => undefined },
      batches: { get: async () => batch, authentic: async () => true },
      grants: { list: async () => [held], markRevoked: async () => undefined, nonceStore }, nodeFor: async () => nodeSaying(0n),
    } as unknown as Services;
    await approvalSpecOf(popupRevoke)!.approve(popupRevoke, 'market', services);
    expect(Object.values((await nonceStore.loadNonces())!)).toEqual([{ reached: '0', sent: { origin: WALLET, batchId: 'b' } }]);
  });

  it('sends no Revoke all once a grant was signed past where it stops while it waited (a node overstated the nonce): that grant would wake', async () => {
    const nonceStore = memoryGrantRecordStore();
    // Planned as one increment at nonce 0; a grant approved meanwhile was signed at 1, where the node said the nonce was.
    await nonceStore.saveNonces({ [`31337:${ACCOUNT.toLowerCase()}`]: { reached: '0', signed: '1' } });
    const batch = { id: 'b', origin: WALLET, from: ACCOUNT, chainId: '0x7a69', calls: [{ ...(await grantCode.revokeAllCall('0x7a69')), value: '0x0' }], createdAt: 5 };
    const removed: string[] = [];
    const services = {
      grantCode, deviceSigning: { placeSigned: async () => undefined },
      batches: { get: async () => batch, authentic: async () => true, remove: async (_o: string, id: string) => void removed.push(id) },
      grants: { list: async () => [held], markRevoked: async () => undefined, nonceStore }, nodeFor: async () => nodeSaying(0n),
    } as unknown as Services;
    vi.mocked(sendBatch).mockClear();
    await expect(approvalSpecOf(popupRevoke)!.approve(popupRevoke, 'market', services)).rejects.toMatchObject({ code: -32002, message: expect.stringMatching(/click Revoke all again/) });
    expect(sendBatch).not.toHaveBeenCalled();
    expect(removed).toEqual(['b']);
  });

  it('marks nothing from a batch record altered outside the wallet once sent: a Firefox content script could make one revoke read as Revoke all', async () => {
    const other = { ...held, id: `0x${'2'.repeat(64)}`, delegation: { ...held.delegation, salt: '0x2', signature: '0x5678' } } as GrantRecord;
    const marked: string[] = [];
    // The call sent revoked `held` alone; storage.local now says the batch raised the account's nonce (Revoke all).
    const altered = { from: ACCOUNT, chainId: '0x7a69', calls: [{ ...(await grantCode.revokeAllCall('0x7a69')), value: '0x0' }], createdAt: 5 };
    const services = {
      grantCode, deviceSigning: { placeSigned: async () => undefined },
      batches: { get: async () => altered, authentic: async (batch: unknown) => batch !== altered },
      grants: { list: async () => [held, other], markRevoked: async (id: string) => void marked.push(id) },
    } as unknown as Services;
    const record = popupRevoke;
    expect(await approvalSpecOf(record)!.approve(record, 'market', services)).toBe('0xab');
    expect(marked).toEqual([]);
  });

  it('reviews a Revoke all of several increments, the account’s own DeleGator batch of them: it is no hidden call into the account', async () => {
    const deleGator = (async () => delegationCode(DELEGATOR_V08)) as unknown as ChainNode;
    const call = await revokeAllCalls(deleGator, { account: ACCOUNT, chainId: '0x7a69', increments: 3n });
    expect(call.to).toBe(ACCOUNT);
    const { services } = await connectedSite(SITE, ACCOUNT, {
      grantCode, networks: { selected: async () => ({ chainId: '0x7a69' }) }, batches: { get: async () => undefined, authentic: async () => true },
      // Past the rules on the call, the review asks the node: reached, the call was let through.
      nodeFor: async () => { throw new Error('the review went on'); },
    });
    const ctx = { origin: WALLET, method: 'wallet_revokeGrants', services, account: ACCOUNT, replyTo: { tabId: -1, frameId: 0, origin: WALLET, requestId: '' } };
    await expect(askAsWallet('wallet_revokeGrants', [{ from: ACCOUNT, chainId: '0x7a69', value: '0x0', ...call }], ctx)).rejects.toThrow('the review went on');
  });

  it('says on its screen that it is Revoke all, and how many increments its one transaction makes', async () => {
    const deleGator = (async () => delegationCode(DELEGATOR_V08)) as unknown as ChainNode;
    const prepare = vi.spyOn(transactionApproval, 'prepare').mockResolvedValue({ batchId: 'b' } as SendTransactionDetails);
    const { services } = await connectedSite(SITE, ACCOUNT, { grantCode, networks: { selected: async () => ({ chainId: '0x7a69' }) }, batches: { get: async () => undefined, authentic: async () => true } });
    const ctx = { origin: WALLET, method: 'wallet_revokeGrants', services, account: ACCOUNT, replyTo: { tabId: -1, frameId: 0, origin: WALLET, requestId: '' } };
    const shown: unknown[] = [];
    services.approvals.request = (async (_type: string, _asker: unknown, details: unknown) => (shown.push(details), { id: 'queued' })) as unknown as typeof services.approvals.request;
    const ask = async (call: { to: Hex; data: Hex }) => {
      await askAsWallet('wallet_revokeGrants', [{ from: ACCOUNT, chainId: '0x7a69', value: '0x0', ...call }], ctx);
      return shown.at(-1);
    };
    try {
      expect(await ask(await revokeAllCalls(deleGator, { account: ACCOUNT, chainId: '0x7a69', increments: 3n }))).toEqual({ batchId: 'b', revokeAll: { increments: 3 } });
      expect(prepare).toHaveBeenLastCalledWith(expect.anything(), expect.anything(), true);
      expect(await ask(await grantCode.revokeAllCall('0x7a69'))).toEqual({ batchId: 'b', revokeAll: { increments: 1 } });
      expect(await ask({ to: SITE_TOKEN, data: '0x' })).toEqual({ batchId: 'b' });
    } finally {
      prepare.mockRestore();
    }
  });

  it('still refuses a call into the account that is not Revoke all: one increment among other calls, or a site’s', async () => {
    const deleGator = (async () => delegationCode(DELEGATOR_V08)) as unknown as ChainNode;
    const [one] = [await grantCode.revokeAllCall('0x7a69')];
    const mixed = { to: ACCOUNT, data: await DELEGATE_CODE.deleGator.encodeBatch([{ ...one, value: '0x0' }, { to: SITE_TOKEN, data: '0x095ea7b3', value: '0x0' }]) };
    const { services } = await connectedSite(SITE, ACCOUNT, { grantCode, networks: { selected: async () => ({ chainId: '0x7a69' }) }, batches: { get: async () => undefined, authentic: async () => true }, nodeFor: async () => deleGator });
    const ctx = { origin: WALLET, method: 'wallet_revokeGrants', services, account: ACCOUNT, replyTo: { tabId: -1, frameId: 0, origin: WALLET, requestId: '' } };
    await expect(askAsWallet('wallet_revokeGrants', [{ from: ACCOUNT, chainId: '0x7a69', value: '0x0', ...mixed }], ctx)).rejects.toMatchObject({ code: -32602, message: expect.stringMatching(/sending account itself/) });
    const call = await revokeAllCalls(deleGator, { account: ACCOUNT, chainId: '0x7a69', increments: 2n });
    const site = { ...ctx, origin: SITE, method: 'eth_sendTransaction', replyTo: { tabId: 1, frameId: 0, origin: SITE, requestId: '1' } };
    expect(await runRequest({ method: 'eth_sendTransaction', params: [{ from: ACCOUNT, ...call }] }, { ...site, services })).toEqual({ error: expect.objectContaining({ code: -32602, message: expect.stringMatching(/sending account itself/) }) });
  });

  it('is -32002, nobody asked, while the popup’s revoke of the same call from the same account and chain waits: a second click’s review, approved after the first, would revert its fee lost', async () => {
    const call = { ...(await grantCode.revokeCall(held)), value: '0x0' };
    const { services, asked } = await connectedSite(SITE, ACCOUNT, {
      grantCode, networks: { selected: async () => ({ chainId: '0x7a69' }) },
      batches: { get: async () => ({ from: ACCOUNT, chainId: '0x7a69', calls: [call] }), authentic: async () => true },
    });
    services.approvals.pending = async () => [{ origin: WALLET, method: 'wallet_revokeGrants', details: { batchId: 'first' } }] as ApprovalRecord[];
    const ctx = { origin: WALLET, method: 'wallet_revokeGrants', services, account: ACCOUNT, replyTo: { tabId: -1, frameId: 0, origin: WALLET, requestId: '' } };
    await expect(askAsWallet('wallet_revokeGrants', [{ from: ACCOUNT, chainId: '0x7a69', ...call }], ctx)).rejects.toMatchObject({ code: -32002, message: expect.stringMatching(/already waits for your answer/) });
    expect(asked).toEqual([]);
  });
});
