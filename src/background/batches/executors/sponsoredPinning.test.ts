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

const APPROVED = '0x33edC8964dFf8cb68084759c72e6b2757fE1a762';
const OTHER = '0x000000000000000000000000000000000000bad1';
const fields = (paymaster: string) => ({ paymaster, paymasterData: '0x01', paymasterVerificationGasLimit: '0x1', paymasterPostOpGasLimit: '0x0' });
/** What the service answers, per test: the stub before and after the approval, and the final data. */
const service = { stubs: [] as string[], final: APPROVED };
vi.mock('../../paymaster/client', () => ({
  getPaymasterStubData: async () => ({ ...fields(service.stubs.shift()!), sponsor: { name: 'Acme' } }),
  getPaymasterData: async () => fields(service.final),
}));
const { sponsored } = await import('./sponsored');

const wallet = Wallet.createRandom();
const network = LOCAL_DEVNET;
let sends: unknown[];
const node = async <T>(method: string): Promise<T> => {
  const answers: Record<string, unknown> = {
    eth_blockNumber: '0x1', eth_call: '0x0', eth_getTransactionCount: '0x0', eth_getBlockByNumber: { baseFeePerGas: '0x1' }, eth_maxPriorityFeePerGas: '0x1',
    eth_estimateUserOperationGas: { callGasLimit: '0x10', verificationGasLimit: '0x10', preVerificationGas: '0x10' },
  };
  if (method === 'eth_sendUserOperation') sends.push(method);
  if (!(method in answers) && method !== 'eth_sendUserOperation') throw new Error(`unexpected ${method}`);
  return answers[method] as T;
};

async function approvedBatch(stubs: string[], final: string) {
  Object.assign(service, { stubs, final });
  const batches = createBatchStore(typedStorage(memoryBackend(), BATCHES_DEFAULTS), createSealer(memoryKeyStore()));
  const deps = { batches, nodeFor: async () => node, bundlerFor: async () => node, accounts: { signer: async () => wallet }, userOperationCode: lazyUserOperationCode(async () => userOperationCode) } as unknown as BatchDeps;
  const planned = await sponsored.plan(
    { node, network, upgraded: true, sponsorship: { url: 'https://pm.example/rpc', context: {} } },
    { id: 'b', origin: 'https://dapp.example', from: wallet.address as `0x${string}`, calls: [{ to: OTHER, value: '0x0', data: '0x' }] },
  );
  await batches.add({ ...planned, state: 'approved' });
  return { deps, batches, batch: (await batches.get('https://dapp.example', 'b'))! };
}

describe('a sponsored batch is signed only with the paymaster the user approved', () => {
  beforeEach(() => {
    sends = [];
  });

  it('pins the stub\'s paymaster at planning (the screen shows it) and sends when the final data names it (any case)', async () => {
    const { deps, batch } = await approvedBatch([APPROVED, APPROVED.toLowerCase()], APPROVED.toUpperCase().replace('0X', '0x'));
    expect(batch.sponsor?.paymaster).toBe(APPROVED);
    const sent = await sponsored.send(deps, batch);
    expect(sent.state).toBe('sent');
    expect(sends).toHaveLength(1);
  });

  it.each([
    ['the final data', [APPROVED, APPROVED], OTHER, 'pm_getPaymasterData'],
    ['the stub after the approval', [APPROVED, OTHER], APPROVED, 'pm_getPaymasterStubData'],
  ])('another paymaster in %s: 4300, nothing signed or sent', async (_where, stubs, final, method) => {
    const { deps, batches, batch } = await approvedBatch(stubs, final);
    const error = await sponsored.send(deps, batch).then(() => undefined, (e: RpcError) => e);
    expect(error?.code).toBe(4300);
    expect(error?.data).toEqual({ message: `${method}: the paymaster ${OTHER} is not the approved ${APPROVED}; nothing was signed or sent` });
    expect(sends).toHaveLength(0);
    expect((await batches.get('https://dapp.example', 'b'))?.userOperation).toBeUndefined();
  });
});

describe('a site\'s paymasterService never names the chain\'s USDC paymaster', () => {
  // That paymaster charges the account: with a standing allowance (an earlier fee's permit not all spent, or an
  // approve in an earlier batch) it skips the permit and takes USDC from a batch the screen called sponsored.
  const usdcPaymaster = network.usdcPaymaster!.paymaster;

  it('as its stub: 4300 at planning, before the user is asked', async () => {
    const error = await approvedBatch([usdcPaymaster.toLowerCase()], usdcPaymaster).then(() => undefined, (e: RpcError) => e);
    expect(error?.code).toBe(4300);
    expect(error?.data).toEqual({ message: `pm_getPaymasterStubData: the paymaster ${usdcPaymaster.toLowerCase()} is the wallet's USDC paymaster, which charges the account; no site can name it as its sponsor` });
  });
});
