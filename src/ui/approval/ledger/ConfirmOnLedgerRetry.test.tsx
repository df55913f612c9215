// @vitest-environment happy-dom
/**
 * The "Confirm on your Ledger" step for the wallet's own requests and after the worker refused a signature: a
 * revocation's screen, and Try again asking the worker anew (a stale payload was dropped there) rather than signing
 * the old one again. The device is a key behind LedgerEth's signTransaction.
 */
import { act } from 'react';
import { Transaction, Wallet, getAddress, hexlify, toUtf8Bytes, type TransactionLike } from 'ethers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApprovalView } from '../../../shared/approvals';
import type { DeviceRequest } from '../../../shared/deviceSigning';
import type { Hex } from '../../../shared/params';
import { ledgerError } from '../../ledger/errors';
import type { LedgerEth } from '../../ledger/eth';
import { mountPoint } from '../../testing/mount';

const call = vi.fn(async (_method: string, _params?: unknown): Promise<unknown> => null);
vi.mock('../../api/background', () => ({ call }));
const { ConfirmOnLedger } = await import('./ConfirmOnLedger');

const { container, render } = mountPoint();
afterEach(() => {
  call.mockReset();
  call.mockImplementation(async () => null);
});

const DEVICE = new Wallet('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
const ACCOUNT = DEVICE.address as Hex;
const RECIPIENT = getAddress('0x70997970c51812dc3a64c3f2bf8f4d5a8b45d2c8');
const PATH = "44'/60'/0'/0/0";

/** A Ledger that signs every transaction it is asked. */
const device = {
  connect: async () => ({
    ok: true as const,
    value: {
      ethereumApp: async () => ({ ok: true, value: { version: '1.22.0' } }),
      signTransaction: async (_a: unknown, tx: TransactionLike) => ({ ok: true, value: { signature: '0x', signed: await DEVICE.signTransaction(tx) } }),
    } as unknown as LedgerEth,
  }),
};

const approvalOf = (type: string, details: object) => ({ id: 'a1', origin: 'https://dapp.example', type, details }) as unknown as ApprovalView;
const messageRequest: DeviceRequest = { approvalId: 'a1', account: ACCOUNT, path: PATH, payload: { kind: 'message', message: hexlify(toUtf8Bytes('Hello Ledger')) as Hex } };

const text = (label: string) => container.querySelector(`[aria-label="${label}"]`)?.textContent;
const button = (name: string) => [...container.querySelectorAll('button')].find((b) => b.textContent === name);
/** Lets the device's answers and the screen's updates run until `done` holds. */
async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 50 && !done(); i++) await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
  expect(done()).toBe(true);
}

describe('Confirm on your Ledger, the wallet’s own requests', () => {
  it("the worker refused the signature (its nonce was used meanwhile): Try again asks the worker anew, with the screen's answer, and signs the new payload", async () => {
    const stale = Transaction.from({ type: 2, chainId: 31337n, nonce: 3, to: RECIPIENT, value: 1n, gasLimit: 21000n, maxFeePerGas: 2n * 10n ** 9n, maxPriorityFeePerGas: 10n ** 9n });
    const fresh = Transaction.from({ ...stale.toJSON(), nonce: 4 });
    const request: DeviceRequest = { ...messageRequest, payload: { kind: 'transaction', unsigned: stale.unsignedSerialized as Hex } };
    const renewed: DeviceRequest = { ...messageRequest, payload: { kind: 'transaction', unsigned: fresh.unsignedSerialized as Hex } };
    call.mockImplementation(async (method) => {
      if (method === 'deviceRequest') return renewed;
      if (call.mock.calls.filter(([m]) => m === 'deviceSigned').length === 1) throw new Error('… sent another transaction with nonce 3 since this one was built');
      return null;
    });
    await render(<ConfirmOnLedger approval={approvalOf('sendTransaction', { networkName: 'Local devnet', symbol: 'ETH' })} request={request} answer="fast" connect={device.connect} />);
    await until(() => Boolean(button('Try again')));
    expect(text('Ledger')).toContain('nonce 3');
    await act(async () => button('Try again')!.click());
    await until(() => call.mock.calls.filter(([m]) => m === 'deviceSigned').length === 2);
    expect(call.mock.calls.find(([m]) => m === 'deviceRequest')).toEqual(['deviceRequest', { id: 'a1', answer: 'fast' }]);
    const signed = call.mock.calls.filter(([m]) => m === 'deviceSigned').map(([, p]) => Transaction.from((p as { signature: string }).signature).nonce);
    expect(signed).toEqual([3, 4]);
  });

  it('a revocation (an authorization to address zero): says the device shows a revocation, not an upgrade', async () => {
    const unsigned = Transaction.from({ type: 4, chainId: 31337n, nonce: 6, to: ACCOUNT, value: 0n, data: '0x', gasLimit: 60000n, maxFeePerGas: 2n * 10n ** 9n, maxPriorityFeePerGas: 10n ** 9n, authorizationList: [] }).unsignedSerialized as Hex;
    const request: DeviceRequest = { ...messageRequest, payload: { kind: 'upgrade', unsigned, authorization: { address: `0x${'0'.repeat(40)}`, chainId: '0x7a69', nonce: '0x7' } } };
    await render(<ConfirmOnLedger approval={approvalOf('revokeDelegation', { networkName: 'Local devnet', symbol: 'ETH' })} request={request} connect={async () => ({ ok: false, error: ledgerError('locked') })} />);
    expect(text('The device shows first: the revocation')).toContain('None: revoke the delegation');
    expect(container.textContent).not.toContain('Simple7702Account');
  });
});
