import { Wallet, recoverAddress } from 'ethers';
import { kitDeleGatorSignature } from '../kitSignature.fixture';
import { describe, expect, it, vi } from 'vitest';
import type { DelegateKind } from '../../../shared/delegates';
import { userOperationHash, type RpcUserOperation } from '../../../shared/erc4337';
import { LOCAL_DEVNET } from '../../../shared/networks';
import { createSealer, memoryKeyStore } from '../../storage/seal';
import { memoryBackend, typedStorage } from '../../storage/typedStorage';
import { createBatchStore } from '../store';
import { BATCHES_DEFAULTS } from '../types';
import type { BatchDeps } from './executor';
import * as userOperationCode from './userOperationCode';
import { lazyUserOperationCode } from '../lazyUserOperationCode';

const PAYMASTER = '0x33edC8964dFf8cb68084759c72e6b2757fE1a762';
const OTHER = '0x000000000000000000000000000000000000bad1';
const fields = { paymaster: PAYMASTER, paymasterData: '0x01', paymasterVerificationGasLimit: '0x1', paymasterPostOpGasLimit: '0x0' };
vi.mock('../../paymaster/client', () => ({ getPaymasterStubData: async () => fields, getPaymasterData: async () => fields }));
const { sponsored } = await import('./sponsored');

const wallet = Wallet.createRandom();

/** Plans and sends a sponsored batch of an account already on `delegate`; the userOp the bundler was handed. */
async function sentOperation(delegate: DelegateKind): Promise<RpcUserOperation> {
  const sent: RpcUserOperation[] = [];
  const node = async <T>(method: string, params: unknown[] = []): Promise<T> => {
    const answers: Record<string, unknown> = {
      eth_blockNumber: '0x1', eth_call: '0x0', eth_getTransactionCount: '0x0', eth_getBlockByNumber: { baseFeePerGas: '0x1' }, eth_maxPriorityFeePerGas: '0x1',
      eth_estimateUserOperationGas: { callGasLimit: '0x10', verificationGasLimit: '0x10', preVerificationGas: '0x10' }, eth_sendUserOperation: '0x',
    };
    if (method === 'eth_sendUserOperation') sent.push(params[0] as RpcUserOperation);
    if (!(method in answers)) throw new Error(`unexpected ${method}`);
    return answers[method] as T;
  };
  const batches = createBatchStore(typedStorage(memoryBackend(), BATCHES_DEFAULTS), createSealer(memoryKeyStore()));
  const deps = { batches, nodeFor: async () => node, bundlerFor: async () => node, accounts: { signer: async () => wallet }, userOperationCode: lazyUserOperationCode(async () => userOperationCode) } as unknown as BatchDeps;
  const planned = await sponsored.plan(
    { node, network: LOCAL_DEVNET, upgraded: true, delegate, sponsorship: { url: 'https://pm.example/rpc', context: {} } },
    { id: 'b', origin: 'https://dapp.example', from: wallet.address as `0x${string}`, calls: [{ to: OTHER, value: '0x1', data: '0x' }] },
  );
  await batches.add({ ...planned, state: 'approved' });
  await sponsored.send(deps, (await batches.get('https://dapp.example', 'b'))!);
  return sent[0];
}

describe('a sponsored batch of an account already delegated', () => {
  it('to the DeleGator: its ERC-7821 execute, signed as the kit signs a DeleGator userOp for EntryPoint v0.8', async () => {
    const op = await sentOperation('deleGator');
    expect(op.callData.slice(0, 10)).toBe('0xe9ae5c53');
    const expected = await kitDeleGatorSignature(op, wallet.privateKey, Number(LOCAL_DEVNET.chainId));
    expect(op.signature).toBe(expected);
  });

  it('to Simple7702Account: its executeBatch, signed raw over the EntryPoint’s hash', async () => {
    const op = await sentOperation('simple7702Account');
    expect(op.callData.slice(0, 10)).toBe('0x34fcd5be');
    expect(recoverAddress(userOperationHash(op, LOCAL_DEVNET.chainId), op.signature)).toBe(wallet.address);
  });
});
