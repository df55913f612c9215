/**
 * wallet_sendCalls reserves its batch id only for a batch whose approval is asked: a request refused or failed before
 * the question leaves the id free, so the site may send it again (EIP-5792's duplicate-id error is for a batch that
 * really was submitted).
 */
import { describe, expect, it } from 'vitest';
import type { SendCallsDetails } from '../../shared/approvals/batch';
import { BatchErrorCode, ErrorCode, userRejected } from '../../shared/errors';
import { LOCAL_DEVNET } from '../../shared/networks';
import type { Hex } from '../../shared/params';
import { createBatchStore } from '../batches/store';
import { BATCHES_DEFAULTS, type BatchRecord } from '../batches/types';
import { describeCall, type CallInput } from '../calls/describe';
import { lazyTransactionCode } from '../batches/lazyTransactionCode';
import { lazyUsdcBatchCode } from '../batches/lazyUsdcBatchCode';
import { lazyUserOperationCode } from '../batches/lazyUserOperationCode';
import { lazyAllowanceCode } from '../allowances/lazyAllowanceCode';
import { SIGNED_GRANTS_DEFAULTS, createSignedGrants } from '../allowances/signedGrants';
import { loadLater } from '../loadLater';
import type { Services } from '../services';
import { createSealer, memoryKeyStore } from '../storage/seal';
import { memoryBackend, typedStorage } from '../storage/typedStorage';
import { askAsWallet, runRequest } from './pipeline';
import { plainChainNode } from './plainChainNode.fixture';

const WALLET = 'chrome-extension://wallet';
const FROM: Hex = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const TO: Hex = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const replyTo = { tabId: -1, frameId: 0, origin: WALLET, requestId: '' };
const SITE = 'https://dapp.example';

/** A plain chain (no OP-stack oracle); `failing` makes the review of the calls (clear signing, in the worker's later script) fail while it is true. */
function setup() {
  const node = plainChainNode;
  const asked: SendCallsDetails[] = [];
  /** `rejected`: the user rejects the batch while it is planned (Reject, or closing the window: planning.ts). */
  const state = { failing: false, rejected: false, planned: [] as string[] };
  const plans = {
    begin: ({ origin }: { origin: string }) => (state.planned.push(origin), {
      stillAsked: async () => (state.rejected ? Promise.reject(userRejected()) : undefined),
      end: async () => undefined,
    }),
  };
  const local = typedStorage(memoryBackend(), BATCHES_DEFAULTS);
  const services = {
    batches: createBatchStore(local, createSealer(memoryKeyStore())),
    accounts: { list: async () => [{ address: FROM, index: 0, name: 'Account 1' }], ledgerPath: async () => undefined },
    networks: { selected: async () => LOCAL_DEVNET },
    nodeFor: async () => node,
    previews: { of: () => undefined },
    reviewCalls: async (calls: CallInput[]) => (state.failing ? Promise.reject(new Error('background-later.js failed to load')) : Promise.all(calls.map(describeCall))),
    transactionCode: lazyTransactionCode(loadLater),
    usdcBatchCode: lazyUsdcBatchCode(loadLater),
    userOperationCode: lazyUserOperationCode(loadLater),
    allowanceCode: lazyAllowanceCode(loadLater),
    signedGrants: createSignedGrants(typedStorage(memoryBackend(), SIGNED_GRANTS_DEFAULTS), createSealer(memoryKeyStore())),
    approvals: { earlier: async () => undefined, plans, request: async (_type: string, _from: unknown, details: SendCallsDetails) => (asked.push(details), { id: 'queued' }) },
  } as unknown as Services;
  const batch = (capabilities: Record<string, unknown> = {}) =>
    [{ version: '2.0.0', id: 'order-1', chainId: LOCAL_DEVNET.chainId, from: FROM, atomicRequired: false, calls: [{ to: TO, value: '0x1' }], capabilities }];
  const send = (capabilities: Record<string, unknown> = {}) =>
    askAsWallet('wallet_sendCalls', batch(capabilities), { origin: WALLET, method: 'wallet_sendCalls', services, account: FROM, replyTo });
  /** The same batch asked by a site's page (a tab), as the dapp table's entry asks it once authorized. */
  const sendFromSite = () =>
    askAsWallet('wallet_sendCalls', batch(), { origin: SITE, method: 'wallet_sendCalls', services, account: FROM, replyTo: { tabId: 1, frameId: 0, origin: SITE, requestId: '1' } });
  return { send, sendFromSite, asked, state, local };
}

describe('a batch id', () => {
  it('is free again after a malformed ERC-8021 suffix was refused', async () => {
    const { send, asked } = setup();
    await expect(send({ dataSuffix: { value: '0x1234' } })).rejects.toMatchObject({ code: ErrorCode.invalidParams });
    await send();
    expect(asked.map((d) => d.batchId)).toEqual(['order-1']);
  });

  it('is free again after the batch failed to be prepared once it was reserved (its review\'s code did not load)', async () => {
    const { send, asked, state } = setup();
    state.failing = true;
    await expect(send()).rejects.toThrow('background-later.js failed to load');
    state.failing = false;
    await send();
    expect(asked.map((d) => d.batchId)).toEqual(['order-1']);
  });

  it('is not taken by a record with a batch\'s shape that a content script (storage.local, Firefox) planted under it: the check before planning read it as the site\'s batch and answered 5720, so a page that knew a site\'s next id kept it from sending', async () => {
    const { send, asked, local } = setup();
    const planted: BatchRecord = {
      id: 'order-1', origin: WALLET, chainId: LOCAL_DEVNET.chainId, from: FROM, atomic: false, upgrade: false,
      calls: [], gasLimits: [], state: 'sent', transactions: [], createdAt: 0,
    };
    await local.set('batches', { [`${WALLET} order-1`]: planted });
    await send();
    expect(asked.map((d) => d.batchId)).toEqual(['order-1']);
  });

  it('is refused while its batch waits for the user', async () => {
    const { send } = setup();
    await send();
    await expect(send()).rejects.toMatchObject({ code: BatchErrorCode.duplicateId });
  });
});

describe('a batch being planned', () => {
  it('is watched (the window may open on it) when a site asks, not when the wallet\'s popup does: that shows its own errors', async () => {
    const { send, sendFromSite, state } = setup();
    await send();
    expect(state.planned).toEqual([]);
    await sendFromSite();
    expect(state.planned).toEqual([SITE]);
  });

  it('rejected by the user meanwhile is not queued, answers 4001, and frees its id', async () => {
    const { sendFromSite, asked, state } = setup();
    state.rejected = true;
    await expect(sendFromSite()).rejects.toMatchObject({ code: ErrorCode.userRejected });
    expect(asked).toEqual([]);
    state.rejected = false;
    await sendFromSite();
    expect(asked.map((d) => d.batchId)).toEqual(['order-1']);
  });

  it('rejected by the user meanwhile answers 4001 even when the plan then fails', async () => {
    const { sendFromSite, state } = setup();
    state.rejected = true;
    state.failing = true;
    await expect(sendFromSite()).rejects.toMatchObject({ code: ErrorCode.userRejected });
  });
});

describe('wallet_getCallsStatus', () => {
  it('asks the node only about a batch the wallet wrote: a page\'s one request for a record it planted in storage.local (Firefox) naming a thousand transactions asked the node a thousand times', async () => {
    const asked: string[] = [];
    const node = async <T>(method: string): Promise<T> => {
      asked.push(method);
      if (method === 'eth_blockNumber') return '0x64' as T;
      if (method === 'eth_getTransactionCount') return '0x0' as T;
      if (method === 'eth_getTransactionReceipt' || method === 'eth_getTransactionByHash') return null as T;
      return '0x' as T;
    };
    const local = typedStorage(memoryBackend(), BATCHES_DEFAULTS);
    const batches = createBatchStore(local, createSealer(memoryKeyStore()));
    const transactions = Array.from({ length: 1000 }, (_, i) => ({ hash: `0x${i.toString(16).padStart(64, '0')}`, raw: '0x00', nonce: 0, calls: [0], sent: true }));
    const planted = {
      id: 'planted', origin: SITE, chainId: LOCAL_DEVNET.chainId, from: FROM, atomic: false, upgrade: false, executor: 'sequential', state: 'sent', createdAt: 1,
      calls: [{ to: TO, value: '0x0', data: '0x' }], gasLimits: ['0x5208'], transactions,
    };
    await local.update('batches', (all) => ({ ...all, [`${SITE} planted`]: planted as BatchRecord }));
    const services = { batches, nodeFor: async () => node, permissions: { accountsOf: async () => [FROM] }, requestBudget: { charge: () => undefined } } as unknown as Services;
    const answer = await runRequest({ method: 'wallet_getCallsStatus', params: ['planted'] }, { origin: SITE, method: 'wallet_getCallsStatus', replyTo: { tabId: 1, frameId: 0, origin: SITE, requestId: '2' }, services });
    expect(answer).toMatchObject({ error: { code: BatchErrorCode.unknownBundle } });
    expect(asked).toEqual([]);
  });

  it('answers no record the wallet did not write: one planted in storage.local (Firefox) under a site\'s batch id, saying it succeeded, is the unknown id it is to the wallet (5730), never a success the site would act on', async () => {
    const local = typedStorage(memoryBackend(), BATCHES_DEFAULTS);
    const batches = createBatchStore(local, createSealer(memoryKeyStore()));
    const receipt = { logs: [], status: '0x1', blockHash: `0x${'b'.repeat(64)}`, blockNumber: '0x1', gasUsed: '0x5208', transactionHash: `0x${'a'.repeat(64)}` };
    const planted = {
      id: 'order-1', origin: SITE, chainId: LOCAL_DEVNET.chainId, from: FROM, atomic: true, upgrade: false, executor: 'atomic', state: 'sent', createdAt: 1,
      calls: [{ to: TO, value: '0x0', data: '0x' }], gasLimits: ['0x5208'], transactions: [{ hash: receipt.transactionHash, raw: '0x00', nonce: 0, calls: [0], sent: true, receipt, final: true }],
    };
    await local.update('batches', (all) => ({ ...all, [`${SITE} order-1`]: planted as BatchRecord }));
    const services = { batches, nodeFor: async () => plainChainNode, permissions: { accountsOf: async () => [FROM] }, requestBudget: { charge: () => undefined }, showActivity: async () => undefined } as unknown as Services;
    const ask = (method: string) => runRequest({ method, params: ['order-1'] }, { origin: SITE, method, replyTo: { tabId: 1, frameId: 0, origin: SITE, requestId: '3' }, services });
    expect(await ask('wallet_getCallsStatus')).toMatchObject({ error: { code: BatchErrorCode.unknownBundle } });
    expect(await ask('wallet_showCallsStatus')).toMatchObject({ error: { code: BatchErrorCode.unknownBundle } });
  });
});
