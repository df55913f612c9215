// @vitest-environment happy-dom
/**
 * Try again after the worker refused what the device signed (its nonce was used meanwhile: the worker dropped that
 * payload): the window asks the worker for the request again, with the answer the user gave, and has the device sign
 * the new payload, never the refused one again.
 */
import { act } from 'react';
import { Transaction, Wallet, type TransactionLike } from 'ethers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApprovalView } from '../../../shared/approvals';
import type { DeviceRequest } from '../../../shared/deviceSigning';
import type { Hex } from '../../../shared/params';
import type { LedgerEth } from '../../ledger/eth';
import { mountPoint } from '../../testing/mount';
import type { Connect } from './signOnDevice';

const call = vi.fn(async (_method: string, _params?: unknown): Promise<unknown> => null);
vi.mock('../../api/background', () => ({ call }));
const { ConfirmOnLedger } = await import('./ConfirmOnLedger');
const { useDeviceStep } = await import('./deviceStep');

const { container, render } = mountPoint();
afterEach(() => call.mockReset());

const DEVICE = new Wallet('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
const approval = { id: 'a1', origin: 'https://dapp.example', type: 'sendTransaction', details: { networkName: 'Local devnet', symbol: 'ETH' } } as unknown as ApprovalView;
const at = (nonce: number): DeviceRequest => ({
  approvalId: 'a1', account: DEVICE.address as Hex, path: "44'/60'/0'/0/0",
  payload: { kind: 'transaction', unsigned: Transaction.from({ type: 2, chainId: 31337n, nonce, to: DEVICE.address, value: 1n, gasLimit: 21000n, maxFeePerGas: 2n, maxPriorityFeePerGas: 1n }).unsignedSerialized as Hex },
});
const eth = {
  ethereumApp: async () => ({ ok: true, value: { version: '1.17.0' } }),
  signTransaction: async (_a: unknown, tx: TransactionLike) => ({ ok: true, value: { signature: '0x', signed: await DEVICE.signTransaction(tx) } }),
} as unknown as LedgerEth;
const connect: Connect = async () => ({ ok: true, value: eth });

const button = (name: string) => [...container.querySelectorAll('button')].find((b) => b.textContent === name);
async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 50 && !done(); i++) await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
  expect(done()).toBe(true);
}
const signedNonces = () => call.mock.calls.filter(([m]) => m === 'deviceSigned').map(([, p]) => Transaction.from((p as { signature: string }).signature).nonce);

describe('Try again after the worker refused a stale signature', () => {
  it('asks for the request again, with the same answer, and has the device sign the new payload', async () => {
    call.mockImplementation(async (method: string) => {
      if (method === 'deviceRequest') return at(8);
      if (method === 'deviceSigned' && signedNonces().length === 1) throw new Error('sent another transaction with nonce 7 since this one was built');
      return null;
    });
    useDeviceStep.getState().show(at(7), 'fast');
    await render(<ConfirmOnLedger approval={approval} request={at(7)} connect={connect} />);
    await until(() => Boolean(button('Try again')));
    await act(async () => button('Try again')!.click());
    await until(() => signedNonces().length === 2);
    expect(signedNonces()).toEqual([7, 8]);
    expect(call.mock.calls.filter(([m]) => m === 'deviceRequest')).toEqual([['deviceRequest', { id: 'a1', answer: 'fast' }]]);
  });

  it('while the worker waits for the account\'s earlier request (inTurn), says so, its button busy', async () => {
    call.mockImplementation(async (method: string) => {
      // The request again waits its turn: the worker does not answer yet.
      if (method === 'deviceRequest') return new Promise(() => undefined);
      if (method === 'deviceSigned') throw new Error('sent another transaction with nonce 7 since this one was built');
      return null;
    });
    useDeviceStep.getState().show(at(7), 'fast');
    await render(<ConfirmOnLedger approval={approval} request={at(7)} connect={connect} />);
    await until(() => Boolean(button('Try again')));
    await act(async () => button('Try again')!.click());
    expect(container.querySelector('[role="status"]')?.textContent).toBe('Preparing what your Ledger will sign. If another request of this account is still on your Ledger or being sent, this one waits for it.');
    expect(container.querySelector('[role="alert"]')).toBeNull();
    expect(button('Try again')?.disabled).toBe(true);
    expect(button('Try again')?.getAttribute('aria-busy')).toBe('true');
  });
});
