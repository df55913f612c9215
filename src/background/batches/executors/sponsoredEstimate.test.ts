/**
 * A sponsored batch takes the bundler's eth_estimateUserOperationGas answer only as the op's gas limits as hex
 * quantities of at most 128 bits, as a fee in USDC does (shared/userOperationGas.ts): the op carries them as they came,
 * signed, and the final paymaster data is asked over them.
 */
import { Wallet } from 'ethers';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RpcError } from '../../../shared/errors';
import { LOCAL_DEVNET } from '../../../shared/networks';
import { createSealer, memoryKeyStore } from '../../storage/seal';
import { memoryBackend, typedStorage } from '../../storage/typedStorage';
import { createBatchStore } from '../store';
import { BATCHES_DEFAULTS } from '../types';
import type { BatchDeps } from './executor';
import * as userOperationCode from './userOperationCode';
import { lazyUserOperationCode } from '../lazyUserOperationCode';

const PAYMASTER = '0x33edC8964dFf8cb68084759c72e6b2757fE1a762';
const fields = { paymaster: PAYMASTER, paymasterData: '0x01', paymasterVerificationGasLimit: '0x1', paymasterPostOpGasLimit: '0x0' };
const finalData = vi.fn(async () => fields);
vi.mock('../../paymaster/client', () => ({
  getPaymasterStubData: async () => ({ ...fields, sponsor: { name: 'Acme' } }),
  getPaymasterData: () => finalData(),
}));
const { sponsored } = await import('./sponsored');

const ESTIMATE = { callGasLimit: '0x186a0', verificationGasLimit: '0x30d40', preVerificationGas: '0xc350' };
const wallet = Wallet.createRandom();
let estimate: unknown;
let sends: number;
const node = async <T>(method: string): Promise<T> => {
  const answers: Record<string, unknown> = {
    eth_blockNumber: '0x1', eth_call: '0x0', eth_getTransactionCount: '0x0', eth_getBlockByNumber: { baseFeePerGas: '0x1' }, eth_maxPriorityFeePerGas: '0x1',
    eth_estimateUserOperationGas: estimate, eth_sendUserOperation: undefined,
  };
  if (method === 'eth_sendUserOperation') sends++;
  if (!(method in answers)) throw new Error(`unexpected ${method}`);
  return answers[method] as T;
};

async function send() {
  const batches = createBatchStore(typedStorage(memoryBackend(), BATCHES_DEFAULTS), createSealer(memoryKeyStore()));
  const deps = { batches, nodeFor: async () => node, bundlerFor: async () => node, accounts: { signer: async () => wallet }, userOperationCode: lazyUserOperationCode(async () => userOperationCode) } as unknown as BatchDeps;
  const planned = await sponsored.plan(
    { node, network: LOCAL_DEVNET, upgraded: true, sponsorship: { url: 'https://pm.example/rpc', context: {} } },
    { id: 'b', origin: 'https://dapp.example', from: wallet.address as `0x${string}`, calls: [{ to: PAYMASTER, value: '0x0', data: '0x' }] },
  );
  await batches.add({ ...planned, state: 'approved' });
  return sponsored.send(deps, (await batches.get('https://dapp.example', 'b'))!);
}

describe("a sponsored batch's gas estimate from the bundler", () => {
  beforeEach(() => {
    sends = 0;
    finalData.mockClear();
  });

  it('is carried into the op the final paymaster data is asked over when it is hex quantities', async () => {
    estimate = ESTIMATE;
    expect((await send()).state).toBe('sent');
    expect(sends).toBe(1);
  });

  it.each([
    ['a negative decimal', { ...ESTIMATE, preVerificationGas: '-1000000000' }],
    ['decimal digits, which the op would carry for the bundler to read as hex', { ...ESTIMATE, callGasLimit: '100000' }],
    ['a number', { ...ESTIMATE, verificationGasLimit: 200_000 }],
    ['more than a uint128', { ...ESTIMATE, callGasLimit: `0x1${'0'.repeat(32)}` }],
    ['nothing', null],
  ])('holding %s is refused as a fee in USDC refuses it, quoting the bundler: no paymaster data asked, nothing signed or sent', async (_what, answer) => {
    estimate = answer;
    const error = await send().then(() => undefined, (e: RpcError) => e);
    expect(error).toMatchObject({ code: -32603, message: expect.stringMatching(/^The bundler answered eth_estimateUserOperationGas with .+, not the op's gas limits as hex quantities$/) });
    expect(finalData).not.toHaveBeenCalled();
    expect(sends).toBe(0);
  });
});
