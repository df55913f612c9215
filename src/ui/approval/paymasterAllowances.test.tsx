// @vitest-environment happy-dom
/**
 * The sendCalls screen says each allowance the account already gave the paymaster that may take the batch's fee (it
 * can take those tokens), and each the wallet could not read; nothing when there is none.
 */
import { describe, expect, it, vi } from 'vitest';
import type { ApprovalView } from '../../shared/approvals';
import type { SendCallsDetails } from '../../shared/approvals/batch';
import type { WalletState } from '../../shared/walletState';
import { mountPoint } from '../testing/mount';

vi.mock('../api/background', () => ({ call: vi.fn(() => new Promise(() => undefined)) }));
const { ApprovalScreen } = await import('./ApprovalScreen');

const { container, render: mount, unmount } = mountPoint();
const PAYMASTER = '0x33edC8964dFf8cb68084759c72e6b2757fE1a762';
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const USDT = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
const render = (more: Partial<SendCallsDetails>) => mount(
  <ApprovalScreen
    approval={{
      id: 'a', origin: 'https://dapp.example', type: 'sendCalls',
      details: {
        batchId: 'b', from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', chainId: '0x1', networkName: 'Ethereum', symbol: 'ETH', atomic: true, upgrade: false, calls: [], totalValue: '0', maxFee: '0',
        sponsor: { name: 'Acme', origin: 'https://dapp.example', paymaster: PAYMASTER }, ...more,
      },
    } as ApprovalView}
    state={{ accounts: [] } as unknown as WalletState}
  />,
);
const notice = () => container.querySelector('[aria-label="Paymaster\'s allowances"]');

describe("the paymaster's standing allowances on the sendCalls screen", () => {
  it('warns of each, and says the one it could not read', async () => {
    await render({ paymasterAllowances: [{ paymaster: PAYMASTER, token: USDC, symbol: 'USDC', amount: '5000000' }, { paymaster: PAYMASTER, token: USDT, symbol: 'USDT', amount: null }] });
    expect(notice()?.className).toBe('notice warn');
    expect(notice()?.textContent).toBe(
      `${PAYMASTER}, the paymaster that may take this batch's fee, may already spend your USDC (${USDC}): you approved it before, so it can take them, whatever this screen says about the fee. ` +
      `Whether ${PAYMASTER}, the paymaster that may take this batch's fee, may already spend your USDT (${USDT}) could not be read: the node did not answer.`,
    );
    unmount();
  });

  it("names one the wallet's own records say you gave and did not take back, though the node says 0", async () => {
    await render({ paymasterAllowances: [{ paymaster: PAYMASTER, token: USDC, symbol: 'USDC', amount: '0', recorded: true }] });
    expect(notice()?.className).toBe('notice warn');
    expect(notice()?.textContent).toBe(
      `The wallet's records say you allowed ${PAYMASTER}, the paymaster that may take this batch's fee, to spend your USDC (${USDC}), and none of them says you took it back. ` +
      'The node says 0: a claim, not taken as none, so it may still take them, whatever this screen says about the fee.',
    );
    unmount();
  });

  it('says nothing when there is none', async () => {
    await render({});
    expect(notice()).toBeNull();
    unmount();
  });
});
