// @vitest-environment happy-dom
/**
 * The window lists requests as the worker received them (background/approvals/arrival.ts), yet one that arrived earlier
 * but was planned longer, queued while the user looks at a later one, does not take its place on screen (nor that of
 * its Ledger step): it comes next.
 */
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ApprovalView } from '../../shared/approvals';
import type { WalletState } from '../../shared/walletState';
import { mountPoint } from '../testing/mount';

// The worker never answers: the test sets the state.
vi.mock('../api/background', () => ({ call: vi.fn(() => new Promise(() => undefined)) }));
const { App } = await import('./App');
const { useWallet } = await import('../stores/wallet');

const A = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const { container, render } = mountPoint();
const message = (id: string, text: string) =>
  ({ id, origin: 'https://dapp.example', type: 'signMessage', details: { account: A, message: '0x', text } }) as ApprovalView;
const show = (approvals: ApprovalView[]) => act(() => useWallet.setState({
  state: { initialized: true, unlocked: true, accounts: [{ address: A, name: 'Account 1' }], selectedAccount: A, approvals, planning: [], foreignDelegations: [] } as unknown as WalletState,
}));
const onScreen = () => ['earlier', 'later'].filter((text) => container.textContent?.includes(`${text} message`));

describe('the request on screen', () => {
  it('stays there when one that arrived before it is queued; that one comes next', async () => {
    const earlier = message('e', 'earlier message');
    const later = message('l', 'later message');
    await render(<App />);
    await show([later]);
    expect(onScreen()).toEqual(['later']);
    await show([earlier, later]);
    expect(onScreen()).toEqual(['later']);
    // Answered: the next in the queue.
    await show([earlier]);
    expect(onScreen()).toEqual(['earlier']);
  });

  it('is the first of the queue when the window first shows one', async () => {
    await render(<App />);
    await show([message('e', 'earlier message'), message('l', 'later message')]);
    expect(onScreen()).toEqual(['earlier']);
  });
});
