/**
 * wallet_getCallsStatus answers from the wallet's own record only. A content script (storage.local, Firefox) sees the
 * page's request go out (window messages) and swaps its own record in while the wallet asks the node: the status must
 * not be read from what the refresh's update then hands back.
 */
import { describe, expect, it } from 'vitest';
import { BatchErrorCode } from '../../shared/errors';
import { LOCAL_DEVNET } from '../../shared/networks';
import type { Hex } from '../../shared/params';
import { createBatchStore } from '../batches/store';
import { BATCHES_DEFAULTS, type BatchRecord, type CallReceipt } from '../batches/types';
import type { Services } from '../services';
import { createSealer, memoryKeyStore } from '../storage/seal';
import { memoryBackend, typedStorage } from '../storage/typedStorage';
import { runRequest } from './pipeline';

const SITE = 'https://dapp.example';
const FROM: Hex = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const HASH: Hex = `0x${'a'.repeat(64)}`;
const receipt = (status: Hex): CallReceipt => ({ logs: [], status, blockHash: `0x${'b'.repeat(64)}`, blockNumber: '0x10', gasUsed: '0x5208', transactionHash: HASH });

/** The site asks the status of its sent batch, whose transaction the node says reverted; `plant`: the swap while the node is asked. */
async function askedWhile(plant: boolean) {
  const local = typedStorage(memoryBackend(), BATCHES_DEFAULTS);
  const batches = createBatchStore(local, createSealer(memoryKeyStore()));
  const sent: BatchRecord = {
    id: 'order-1', origin: SITE, chainId: LOCAL_DEVNET.chainId, from: FROM, atomic: true, upgrade: false, executor: 'atomic', state: 'sent', createdAt: 1,
    calls: [{ to: FROM, value: '0x0', data: '0x' }], gasLimits: ['0x5208'], transactions: [{ hash: HASH, raw: '0x00', nonce: 0, calls: [0], sent: true }],
  };
  await batches.add(sent);
  // The planter's copy: the wallet's record with a sponsored userOp that "succeeded" beside it.
  const planted = { ...sent, userOperation: { op: {}, hash: `0x${'c'.repeat(64)}`, sent: true, receipt: receipt('0x1'), final: true } };
  const node = async <T>(method: string): Promise<T> => {
    if (method === 'eth_blockNumber') return '0x20' as T;
    if (method !== 'eth_getTransactionReceipt') throw new Error(`not asked: ${method}`);
    if (plant) await local.update('batches', (all) => ({ ...all, [`${SITE} order-1`]: planted as BatchRecord }));
    return { ...receipt('0x0'), effectiveGasPrice: '0x1' } as T;
  };
  const services = { batches, nodeFor: async () => node, permissions: { accountsOf: async () => [FROM] }, requestBudget: { charge: () => undefined } } as unknown as Services;
  return runRequest({ method: 'wallet_getCallsStatus', params: ['order-1'] }, { origin: SITE, method: 'wallet_getCallsStatus', replyTo: { tabId: 1, frameId: 0, origin: SITE, requestId: '1' }, services });
}

describe('wallet_getCallsStatus while its record is swapped', () => {
  it('never answers a success from a record planted while the node was asked: the batch reverted', async () => {
    const answer = await askedWhile(true);
    expect(answer).not.toMatchObject({ result: { status: 200 } });
    expect(answer).toMatchObject({ error: { code: BatchErrorCode.unknownBundle } });
  });

  it('answers the receipt the refresh wrote on the wallet\'s own record', async () => {
    expect(await askedWhile(false)).toMatchObject({ result: { status: 500, receipts: [{ status: '0x0' }] } });
  });
});
