/**
 * A bundler's refusal of a sponsored batch's signed userOp is only its word: it may keep the userOp and submit it
 * later, so the batch is not reported failed while the account's EntryPoint nonce for it is unused.
 */
import { Wallet } from 'ethers';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RpcError } from '../../../shared/errors';
import { LOCAL_DEVNET } from '../../../shared/networks';
import { createSealer, memoryKeyStore } from '../../storage/seal';
import { memoryBackend, typedStorage } from '../../storage/typedStorage';
import { sendBatch } from '../run';
import { CallsStatus, batchStatus } from '../status';
import { createBatchStore } from '../store';
import { BATCHES_DEFAULTS } from '../types';
import type { BatchDeps } from './executor';
import * as userOperationCode from './userOperationCode';
import { lazyUserOperationCode } from '../lazyUserOperationCode';

const PAYMASTER = '0x33edC8964dFf8cb68084759c72e6b2757fE1a762';
const fields = { paymaster: PAYMASTER, paymasterData: '0x01', paymasterVerificationGasLimit: '0x1', paymasterPostOpGasLimit: '0x0' };
vi.mock('../../paymaster/client', () => ({
  getPaymasterStubData: async () => fields,
  getPaymasterData: async () => fields,
}));
const { sponsored } = await import('./sponsored');

const wallet = Wallet.createRandom();
/** What the bundler refuses the userOp with. */
let refusal = new RpcError(-32501, 'AA33 reverted: paymaster refused');
/** The node and the bundler in one: the bundler refuses the userOp (and may well keep it). */
const endpoint = async <T>(method: string): Promise<T> => {
  const answers: Record<string, unknown> = {
    eth_blockNumber: '0x10', eth_call: '0x0', eth_getTransactionCount: '0x0', eth_getBlockByNumber: { baseFeePerGas: '0x1' }, eth_maxPriorityFeePerGas: '0x1',
    eth_estimateUserOperationGas: { callGasLimit: '0x10', verificationGasLimit: '0x10', preVerificationGas: '0x10' },
  };
  if (method === 'eth_sendUserOperation') throw refusal;
  if (!(method in answers)) throw new Error(`unexpected ${method}`);
  return answers[method] as T;
};

async function sentRefused() {
  const batches = createBatchStore(typedStorage(memoryBackend(), BATCHES_DEFAULTS), createSealer(memoryKeyStore()));
  const deps = { batches, nodeFor: async () => endpoint, bundlerFor: async () => endpoint, accounts: { signer: async () => wallet }, loops: { watch: () => () => undefined }, detection: { stored: async () => undefined }, userOperationCode: lazyUserOperationCode(async () => userOperationCode) } as unknown as BatchDeps;
  const planned = await sponsored.plan(
    { node: endpoint, network: LOCAL_DEVNET, upgraded: true, sponsorship: { url: 'https://pm.example/rpc', context: {} } },
    { id: 'b', origin: 'https://dapp.example', from: wallet.address as `0x${string}`, calls: [{ to: PAYMASTER, value: '0x0', data: '0x' }] },
  );
  await batches.add(planned);
  return sendBatch(deps, 'https://dapp.example', 'b');
}

describe('a sponsored batch the bundler refuses when it is sent', () => {
  beforeEach(() => {
    refusal = new RpcError(-32501, 'AA33 reverted: paymaster refused');
  });

  it("shows the bundler's words in Activity bounded and without characters that reorder or hide text", async () => {
    refusal = new RpcError(-32000, `refused \u202eevil\u202c\n${'x'.repeat(100_000)}`);
    const sent = await sentRefused();
    expect(sent.error).toMatch(/^The bundler refused the user operation \(refused evil x+…\); it can still run until its nonce is used: Cancel in Activity uses it$/);
    expect(sent.error!.length).toBeLessThanOrEqual(500);
  });

  it('is pending (100), its userOp followed, with the refusal shown, while the userOp\'s EntryPoint nonce is unused', async () => {
    const sent = await sentRefused();
    expect(sent.userOperation?.sent).toBe(true);
    expect(batchStatus(sent)).toBe(CallsStatus.pending);
    expect(sent.error).toMatch(/^The bundler refused the user operation \(Paymaster service error: the paymaster refused the userOp during validation: AA33 reverted: paymaster refused\); it can still run until its nonce is used: Cancel in Activity uses it$/);
  });
});
