// @vitest-environment happy-dom
/** The unlock form: the wrong password that starts a wait says when to try again at once, not when the state next refreshes. */
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ErrorCode, RpcError } from '../../shared/errors';
import { mountPoint } from '../testing/mount';
import { Unlock } from './Unlock';

// A state that has not caught up yet: it names no wait.
const { call, wallet } = vi.hoisted(() => ({ call: vi.fn(), wallet: { state: { unlockRetryAt: null }, refresh: async () => undefined } }));
vi.mock('../api/background', () => ({ call }));
vi.mock('../stores/wallet', () => ({ useWallet: (select: (s: typeof wallet) => unknown) => select(wallet) }));

describe('Unlock', () => {
  const { container, render } = mountPoint();

  it('shows the wait a refusal names and keeps Unlock off until then', async () => {
    call.mockRejectedValue(new RpcError(ErrorCode.unauthorized, 'Incorrect password', { retryAt: Date.now() + 60_000 }));
    await render(<Unlock />);
    const button = container.querySelector('button[type="submit"]') as HTMLButtonElement;
    await act(async () => button.click());
    expect(container.querySelector('[role="alert"]')?.textContent).toBe('Incorrect password');
    expect(container.querySelector('[aria-label="Unlock wait"]')?.textContent).toMatch(/^Too many wrong passwords\. You can try again at .+\.$/);
    expect(button.disabled).toBe(true);
  });
});
