// @vitest-environment happy-dom
/** The firewall's revert of a Ledger account's delegation: the device signs it only when the account pays for itself. */
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ApprovalView } from '../../shared/approvals';
import type { RevertForeignDelegationDetails } from '../../shared/approvals/delegation';
import type { WalletState } from '../../shared/walletState';
import { mountPoint } from '../testing/mount';

vi.mock('../api/background', () => ({ call: vi.fn(() => new Promise(() => undefined)) }));
const { RevertForeignDelegation } = await import('./RevertForeignDelegation');

const LEDGER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const KEY = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const STATE = { accounts: [{ address: KEY, name: 'Account 1' }, { address: LEDGER, name: 'Ledger 1', ledger: true }], selectedAccount: LEDGER } as unknown as WalletState;
const details = (account: string, payers: string[]): RevertForeignDelegationDetails => ({
  batchId: 'b', account: account as `0x${string}`, delegate: `0x${'de'.repeat(20)}`, chainId: '0x7a69', networkName: 'Local devnet', symbol: 'ETH', maxFee: '1000',
  payers: payers.map((address) => ({ address: address as `0x${string}`, balance: '10000' })),
});

const { container, render: mount, unmount } = mountPoint();
const render = (d: RevertForeignDelegationDetails) =>
  mount(<RevertForeignDelegation approval={{ id: 'a', origin: 'chrome-extension://wallet', type: 'revertForeignDelegation', details: d } as ApprovalView & { type: 'revertForeignDelegation' }} state={STATE} />);
const revert = () => [...container.querySelectorAll('button')].find((b) => b.textContent === 'Revert');
const notice = () => container.querySelector('[aria-label="Ledger"]')?.textContent;

describe('the firewall’s revert with a Ledger account', () => {
  it('paid by the Ledger account itself: offered; paid by another account, says why the device cannot and blocks Revert', async () => {
    await render(details(LEDGER, [LEDGER, KEY]));
    expect([revert()?.disabled, notice()]).toEqual([false, undefined]);
    await act(async () => {
      const select = container.querySelector('select[aria-label="Paid by"]') as HTMLSelectElement;
      select.value = KEY;
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(revert()?.disabled).toBe(true);
    expect(notice()).toContain('pick Ledger 1 to pay');
  });

  it("a key account's revert paid by a Ledger account: blocked, saying so", async () => {
    unmount();
    await render(details(KEY, [LEDGER, KEY]));
    expect(revert()?.disabled).toBe(true);
    expect(notice()).toContain('pick Account 1 to pay');
  });
});
