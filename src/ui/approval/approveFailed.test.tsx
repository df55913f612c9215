// @vitest-environment happy-dom
/**
 * Approve waits for the worker's answer: meanwhile it cannot be pressed again, and when the worker refuses (a Ledger
 * account's sponsored batch whose previous userOp has not run, a batch no longer waiting), the screen says why.
 */
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApprovalView } from '../../shared/approvals';
import { RpcError } from '../../shared/errors';
import { LOCAL_DEVNET } from '../../shared/networks';
import type { WalletState } from '../../shared/walletState';
import { mountPoint } from '../testing/mount';
import { speak } from '../testing/speak';

let answer: { resolve(value: unknown): void; reject(error: unknown): void };
vi.mock('../api/background', () => ({ call: vi.fn(() => new Promise((resolve, reject) => (answer = { resolve, reject }))) }));
const { SwitchChain } = await import('./SwitchChain');

const FROM = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const PREVIOUS = `The previous operation of ${FROM} has not run on chain yet (Activity can cancel it); this batch can run only after it: nothing was signed or sent`;
const refusal = () => new RpcError(-32002, PREVIOUS, { words: { key: 'errors_previousOperation', values: { address: FROM } } });

const { container, render } = mountPoint();
const approval = (id: string) =>
  ({ id, origin: 'https://dapp.example', type: 'switchChain', details: { ...LOCAL_DEVNET, builtIn: false } }) as ApprovalView & { type: 'switchChain' };
/** The affirmative answer: the last of the two. */
const approveButton = () => [...container.querySelectorAll('.actions button')].at(-1) as HTMLButtonElement;
const alert = () => container.querySelector('.actions [role="alert"]')?.textContent;

describe('Approve, while the worker answers and when it refuses', () => {
  afterEach(() => vi.restoreAllMocks());

  it('cannot be pressed again while the worker answers, then says why it refused, in the screen’s language, and may be pressed again', async () => {
    await render(<SwitchChain approval={approval('a')} state={{} as WalletState} />);
    await act(async () => approveButton().click());
    expect([approveButton().disabled, approveButton().getAttribute('aria-busy')]).toEqual([true, 'true']);
    await act(async () => answer.reject(refusal()));
    expect(approveButton().disabled).toBe(false);
    expect(alert()).toBe(PREVIOUS);
  });

  it('says it in Spanish on a Spanish screen', async () => {
    speak('es');
    await render(<SwitchChain approval={approval('b')} state={{} as WalletState} />);
    await act(async () => approveButton().click());
    await act(async () => answer.reject(refusal()));
    expect(alert()).toContain('La operación anterior');
  });

  it('Reject, pressed while Approve waits (a Ledger account’s request waits up to a minute for the account’s earlier one), is sent at once; pressed again, not twice', async () => {
    const { call } = await import('../api/background');
    await render(<SwitchChain approval={approval('c')} state={{} as WalletState} />);
    await act(async () => approveButton().click());
    const rejectButton = container.querySelector('.actions button.secondary') as HTMLButtonElement;
    await act(async () => rejectButton.click());
    await act(async () => rejectButton.click());
    expect((vi.mocked(call).mock.calls as unknown[][]).filter(([, params]) => (params as { id: string }).id === 'c')).toEqual([
      ['resolveApproval', { id: 'c', approved: true, answer: null }],
      ['resolveApproval', { id: 'c', approved: false }],
    ]);
  });
});
