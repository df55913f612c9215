/**
 * eth_sendTransaction with a nonce the site chose, checked again at Approve (it must still replace what the screen
 * named, or nothing), while a content script (storage.local, Firefox) has its copy of the batch's record read there.
 */
import { Transaction } from 'ethers';
import { describe, expect, it } from 'vitest';
import type { SendTransactionDetails } from '../../shared/approvals/transaction';
import { deriveWallet } from '../accounts/keys';
import { createBatchStore } from '../batches/store';
import { BATCHES_DEFAULTS, type BatchRecord, type BatchesSlice } from '../batches/types';
import type { Services } from '../services';
import { createSealer, memoryKeyStore } from '../storage/seal';
import { memoryBackend, typedStorage } from '../storage/typedStorage';
import { transactionApproval } from './transactions';

const MNEMONIC = 'test test test test test test test test test test test junk';
const FROM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const SITE = 'https://dapp.example';
const KEY = `${SITE} b`;

describe('a site\'s nonce checked again at Approve', () => {
  it('is checked on the wallet\'s own record: a copy without the nonce read there skipped the check, and the batch, put back before its sending, took the place of the transaction the account sent at that nonce meanwhile', async () => {
    const local = typedStorage(memoryBackend(), BATCHES_DEFAULTS);
    const batches = createBatchStore(local, createSealer(memoryKeyStore()));
    const sent: Transaction[] = [];
    // The screen named no transaction the nonce replaces; the account sent one at nonce 5 since (another wallet).
    const node = async <T>(method: string, params: unknown[] = []): Promise<T> => {
      if (method === 'eth_getTransactionCount') return (params[1] === 'latest' ? '0x5' : '0x6') as T;
      if (method === 'eth_getBlockByNumber') return { baseFeePerGas: '0x3b9aca00' } as T;
      if (method === 'eth_maxPriorityFeePerGas') return '0x1' as T;
      if (method === 'eth_sendRawTransaction') return (sent.push(Transaction.from(params[0] as string)), sent.at(-1)!.hash) as T;
      return null as T;
    };
    await batches.add({
      id: 'b', origin: SITE, chainId: '0x7a69', from: FROM, atomic: false, upgrade: false, kind: 'transaction', nonce: 5,
      calls: [{ to: FROM, value: '0x1', data: '0x' }], gasLimits: ['0x5208'], state: 'awaiting-approval', transactions: [], createdAt: Date.now(),
    } as BatchRecord);
    const own = (await local.get('batches'))[KEY];
    const { nonce: _nonce, ...copy } = own;
    await local.update('batches', (all): BatchesSlice['batches'] => ({ ...all, [KEY]: copy as BatchRecord }));
    const services = {
      batches, nodeFor: async () => node,
      // Asked between the check and the sending: the wallet's record goes back then.
      deviceSigning: { placeSigned: async () => void (await local.update('batches', (all) => ({ ...all, [KEY]: own }))) },
      accounts: { signer: async () => deriveWallet(MNEMONIC, 0) },
      networks: { markWithoutEip7702: async () => undefined, sendsSync: async () => false, markWithoutSyncSend: async () => undefined },
      loops: { watch: () => () => undefined }, detection: { stored: async () => undefined },
    } as unknown as Services;
    const details = { batchId: 'b', from: FROM, call: { to: FROM, value: '0x1', data: '0x' } } as unknown as SendTransactionDetails;
    await transactionApproval.approve({ id: 'a', origin: SITE, details }, 'market', services).catch(() => undefined);
    expect(sent.map((tx) => tx.nonce)).not.toContain(5);
  });
});
