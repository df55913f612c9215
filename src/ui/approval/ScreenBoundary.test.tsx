// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApprovalView } from '../../shared/approvals';
import type { WalletState } from '../../shared/walletState';
import { mountPoint } from '../testing/mount';

const call = vi.fn(async () => null);
vi.mock('../api/background', () => ({ call }));
const { ApprovalScreen } = await import('./ApprovalScreen');

const { container, render: mount } = mountPoint();
beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => {
  vi.restoreAllMocks();
  call.mockClear();
});

const render = (approval: ApprovalView, state = { accounts: [] } as unknown as WalletState) => mount(<ApprovalScreen approval={approval} state={state} />);
const button = (name: string) => [...container.querySelectorAll('button')].find((b) => b.textContent === name);

/** Details a screen cannot show: the sendCalls screen maps over calls that are not there. */
const unshowable = { id: 'a1', origin: 'https://dapp.example', type: 'sendCalls', details: { from: '0x01', networkName: 'Local devnet', chainId: '0x7a69', symbol: 'ETH', upgrade: false, atomic: true, totalValue: '0', maxFee: '0' } } as unknown as ApprovalView;

describe('approval screen boundary', () => {
  it('a screen that throws shows the error and a Reject that answers the request (4001)', async () => {
    await render(unshowable);
    expect(container.querySelector('h1')?.textContent).toBe('This request cannot be shown');
    expect(container.querySelector('[aria-label="Screen error"]')?.textContent).toBe("Cannot read properties of undefined (reading 'flatMap')");
    expect(button('Approve')).toBeUndefined();
    await act(async () => button('Reject')!.click());
    expect(call).toHaveBeenCalledWith('resolveApproval', { id: 'a1', approved: false });
  });

  it('a screen that renders is shown as it is', async () => {
    await render({ id: 'a2', origin: 'https://dapp.example', type: 'connect', details: {} } as ApprovalView, { accounts: [] } as unknown as WalletState);
    expect(container.querySelector('[aria-label="Screen error"]')).toBeNull();
    expect(button('Reject')).toBeDefined();
  });
});
