/** executorOf: the executor a record's plan named, and for records stored before plans named one, the one its flags imply. */
import { describe, expect, it, vi } from 'vitest';
import { LOCAL_DEVNET } from '../../../shared/networks';
import type { Hex } from '../../../shared/params';
import type { BatchRecord } from '../types';
import { atomic } from './atomic';
import type { BatchDraft, Executor } from './executor';
import { executorOf } from './index';
import { revokeDelegation, revokeDelegationOf } from './revokeDelegation';
import { sequential } from './sequential';

vi.mock('../../paymaster/client', () => ({
  getPaymasterStubData: async () => ({ paymaster: '0x33edC8964dFf8cb68084759c72e6b2757fE1a762', paymasterData: '0x01', paymasterVerificationGasLimit: '0x1', paymasterPostOpGasLimit: '0x0' }),
}));
const { sponsored } = await import('./sponsored');

const FROM: Hex = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const network = LOCAL_DEVNET;
const node = async <T>(method: string): Promise<T> => {
  const answers: Record<string, unknown> = {
    eth_estimateGas: '0x5208', eth_call: '0x0', eth_getTransactionCount: '0x0', eth_getBlockByNumber: { baseFeePerGas: '0x1' }, eth_maxPriorityFeePerGas: '0x1',
    eth_estimateUserOperationGas: { callGasLimit: '0x10', verificationGasLimit: '0x10', preVerificationGas: '0x10' },
  };
  if (!(method in answers)) throw new Error(`unexpected ${method}`);
  return answers[method] as T;
};
const draft: BatchDraft = { id: 'b', origin: 'https://dapp.example', from: FROM, calls: [{ to: FROM, value: '0x0', data: '0x' }] };

describe('executorOf', () => {
  it.each<[string, Executor, Partial<BatchDraft>]>([
    ['atomic', atomic, {}],
    ['sequential', sequential, {}],
    ['sponsored', sponsored, {}],
    ['revokeDelegation', revokeDelegation, { kind: 'revokeDelegation' }],
    ['revokeDelegationOf', revokeDelegationOf, { kind: 'revokeDelegationOf', authority: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' }],
  ])('runs a record planned by %s with that executor, which its plan stored', async (kind, executor, extra) => {
    const sponsorship = { url: 'https://pm.example/rpc', context: {} };
    const record = await executor.plan({ node, network, upgraded: true, sponsorship }, { ...draft, ...extra });
    expect(record.executor).toBe(kind);
    expect(executorOf(record)).toBe(executor);
  });

  it('goes by the executor the plan named, not by the flags', async () => {
    const record = await sequential.plan({ node, network, upgraded: true }, draft);
    expect(executorOf({ ...record, atomic: true })).toBe(sequential);
  });

  // Stored before plans named their executor: no migration rewrites these sealed records.
  it.each<[string, Partial<BatchRecord>, Executor]>([
    ['a revert to a plain account', { kind: 'revokeDelegation' }, revokeDelegation],
    ['the firewall’s revert', { kind: 'revokeDelegationOf' }, revokeDelegationOf],
    ['a sponsored batch', { atomic: true, sponsor: { url: 'https://pm.example/rpc', context: {} } }, sponsored],
    ['an atomic batch', { atomic: true }, atomic],
    ['a sequential batch', { atomic: false }, sequential],
    ['a transaction', { kind: 'transaction', atomic: false }, sequential],
  ])('tells the executor of %s stored without one from its flags', (_what, flags, executor) => {
    const old = { ...draft, chainId: network.chainId, atomic: false, upgrade: false, gasLimits: [], state: 'sent', transactions: [], createdAt: 0, ...flags } as BatchRecord;
    expect(executorOf(old)).toBe(executor);
  });
});
