// @vitest-environment happy-dom
/**
 * A Ledger account's batch or transaction waits, after Approve, for the account's earlier request on the device or being
 * sent (rpc/deviceBatchPayloads.ts inTurn, up to a minute): meanwhile the screen says so, in the browser's language.
 */
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApprovalView } from '../../shared/approvals';
import type { SendCallsDetails } from '../../shared/approvals/batch';
import type { WalletState } from '../../shared/walletState';
import { mountPoint } from '../testing/mount';
import { speak } from '../testing/speak';
import { ARM_DELAY_MS } from './useArming';

// The worker never answers: Approve waits.
vi.mock('../api/background', () => ({ call: vi.fn(() => new Promise(() => undefined)) }));
const { ApprovalScreen } = await import('./ApprovalScreen');

const FROM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const { container, render } = mountPoint();
/** The screen, its buttons armed (useArming.ts). */
/** `id`: each test's own (resolve.ts drops a second Approve of a request). */
const screen = async (id: string, ledger: boolean) => {
  await shown(id, ledger);
  await act(async () => vi.advanceTimersByTime(ARM_DELAY_MS));
};
const shown = (id: string, ledger: boolean) => render(
  <ApprovalScreen
    approval={{
      id, origin: 'https://dapp.example', type: 'sendCalls',
      details: { batchId: 'b', from: FROM, chainId: '0x7a69', networkName: 'Devnet', symbol: 'ETH', atomic: true, upgrade: false, calls: [], totalValue: '0', maxFee: '1' } satisfies SendCallsDetails,
    } as ApprovalView}
    state={{ accounts: [{ address: FROM.toLowerCase(), name: 'Cold', ...(ledger ? { ledger: true } : {}) }] } as unknown as WalletState}
  />,
);
const approveButton = () => [...container.querySelectorAll('.actions button')].at(-1) as HTMLButtonElement;
const status = () => container.querySelector('.actions [role="status"]')?.textContent;

describe('Approve of a Ledger account’s batch, while it waits for its turn', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('says it waits for the account’s earlier request, in the browser’s language', async () => {
    await screen('a', true);
    expect(status()).toBeUndefined();
    await act(async () => approveButton().click());
    expect(status()).toBe('Preparing what your Ledger will sign. If another request of this account is still on your Ledger or being sent, this one waits for it.');
  });

  it('in Japanese on a Japanese screen', async () => {
    speak('ja');
    await screen('b', true);
    await act(async () => approveButton().click());
    expect(status()).toContain('このアカウントの別のリクエスト');
  });

  it('a key account’s says nothing of a Ledger', async () => {
    await screen('c', false);
    await act(async () => approveButton().click());
    expect([approveButton().getAttribute('aria-busy'), status()]).toEqual(['true', undefined]);
  });
});
