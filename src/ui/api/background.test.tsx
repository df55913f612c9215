// @vitest-environment happy-dom
/** call(): the background's answer, or its error with code, message and data, which the screens show by its message. */
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { WalletState } from '../../shared/walletState';

const sendMessage = vi.fn(async (_request: unknown): Promise<unknown> => ({ result: null }));
// The browser's own runtime (Chrome's `chrome`), as the pages take it.
vi.stubGlobal('chrome', { runtime: { id: 'wallet', sendMessage } });
const { call } = await import('./background');
const { RpcError } = await import('../../shared/errors');
const { ForeignDelegationBanner } = await import('../components/ForeignDelegationBanner');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const A = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
const REFUSED = { code: 4100, message: 'The account 0xf39F…2266 is not one of this wallet', data: { account: A } };

beforeEach(() => {
  sendMessage.mockReset();
});

describe('call', () => {
  it('sends the page request and resolves with the result', async () => {
    sendMessage.mockResolvedValueOnce({ result: { balance: '0x1' } });
    await expect(call('getBalance', { address: A })).resolves.toEqual({ balance: '0x1' });
    expect(sendMessage).toHaveBeenCalledWith({ type: 'page-request', method: 'getBalance', params: { address: A } });
  });

  it('rejects with the error’s code, message and data', async () => {
    sendMessage.mockResolvedValueOnce({ error: REFUSED });
    const error = await call('getBalance', { address: A }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RpcError);
    expect(error).toBeInstanceOf(Error);
    expect((error as InstanceType<typeof RpcError>).toObject()).toEqual(REFUSED);
  });

  it('keeps an error without data as code and message', async () => {
    sendMessage.mockResolvedValueOnce({ error: { code: -32602, message: 'id must be a text' } });
    const error = await call('getBalance', { address: A }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: -32602, message: 'id must be a text', data: undefined });
  });

  it('leaves the message for a screen that shows it', async () => {
    sendMessage.mockImplementation(async (request) =>
      (request as { method: string }).method === 'reviewForeignRevert' ? { error: REFUSED } : { result: [] });
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    const state = { selectedChainId: '0x7a69', accounts: [], foreignDelegations: [{ account: A, delegate: A }] } as unknown as WalletState;
    await act(async () => root.render(<ForeignDelegationBanner state={state} />));
    await act(async () => container.querySelector('button')!.click());
    expect(container.querySelector('.error')?.textContent).toBe(REFUSED.message);
    act(() => root.unmount());
    container.remove();
  });
});
