import { describe, expect, it } from 'vitest';
import { RpcError } from '../../../shared/errors';
import { STUB_SIGNATURE } from '../../../shared/erc4337';
import { createSealer, memoryKeyStore } from '../../storage/seal';
import { memoryBackend, typedStorage } from '../../storage/typedStorage';
import { CallsStatus, DROP_AFTER_BLOCKS, batchStatus } from '../status';
import { createBatchStore } from '../store';
import { BATCHES_DEFAULTS } from '../types';
import type { BatchDeps } from './executor';
import { sponsored } from './sponsored';

const FROM = '0x00000000000000000000000000000000000000aa';
const op = { sender: FROM, nonce: '0x0', callData: '0x', callGasLimit: '0x1', verificationGasLimit: '0x1', preVerificationGas: '0x1', maxFeePerGas: '0x1', maxPriorityFeePerGas: '0x1', signature: STUB_SIGNATURE } as const;

describe('a sponsored batch followed after sending', () => {
  it('is sent again while the bundler lost it, and dropped (400) once it stays missing DROP_AFTER_BLOCKS blocks', async () => {
    const chain = { head: 50, submissions: 0 };
    const endpoint = async <T>(method: string): Promise<T> => {
      if (method === 'eth_blockNumber') return `0x${chain.head.toString(16)}` as T;
      if (method === 'eth_getUserOperationReceipt' || method === 'eth_getUserOperationByHash') return null as T;
      if (method === 'eth_sendUserOperation') {
        chain.submissions++;
        throw new RpcError(-32503, 'AA32 paymaster expired or not due');
      }
      throw new Error(`unexpected ${method}`);
    };
    const batches = createBatchStore(typedStorage(memoryBackend(), BATCHES_DEFAULTS), createSealer(memoryKeyStore()));
    const deps = { batches, nodeFor: async () => endpoint, bundlerFor: async () => endpoint } as unknown as BatchDeps;
    await batches.add({
      id: 'b', origin: 'https://dapp.example', chainId: '0x7a69', from: FROM, atomic: true, upgrade: false, calls: [], gasLimits: [],
      state: 'sent', transactions: [], createdAt: 0, sponsor: { url: 'https://pm.example', context: {} },
      userOperation: { op, hash: `0x${'11'.repeat(32)}`, sent: true },
    });
    const get = async () => (await batches.get('https://dapp.example', 'b'))!;
    await sponsored.refresh(deps, await get());
    expect(chain.submissions).toBe(1);
    expect(batchStatus(await get())).toBe(CallsStatus.pending);
    chain.head += DROP_AFTER_BLOCKS;
    await sponsored.refresh(deps, await get());
    expect((await get()).userOperation).toMatchObject({ dropped: true });
    expect(batchStatus(await get())).toBe(CallsStatus.offchainFailure);
  });
});
