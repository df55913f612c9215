// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RpcError, type ErrorData } from '../../shared/errors';
import type { WalletState } from '../../shared/walletState';
import { speak } from '../testing/speak';

const call = vi.fn(async (_method: string, _params?: unknown): Promise<unknown> => []);
vi.mock('../api/background', () => ({ call }));
const { ForeignDelegationBanner } = await import('./ForeignDelegationBanner');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const A = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
const DRAINER = '0x5fbdb2315678afecb367f032d93f642f64180aa3';

let container: HTMLElement;
let root: Root;
beforeEach(() => {
  container = document.body.appendChild(document.createElement('div'));
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  call.mockReset();
  call.mockImplementation(async () => []);
  vi.restoreAllMocks();
});

const state = (foreignDelegations: WalletState['foreignDelegations']) =>
  ({ selectedChainId: '0x7a69', accounts: [{ address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', name: 'Savings' }], foreignDelegations }) as unknown as WalletState;

describe('the delegation firewall banner', () => {
  it('names the account and the contract (checksummed), and asks for the revert of that account', async () => {
    await act(async () => root.render(<ForeignDelegationBanner state={state([{ account: A, delegate: DRAINER }])} />));
    const banner = container.querySelector('[aria-label="Foreign delegation"]')!;
    expect(banner.getAttribute('role')).toBe('alert');
    expect(banner.textContent).toMatch(/^Savings \(0xf39F…2266\) is delegated to 0x5FbDB2315678afecb367f032d93F642f64180aa3, a contract this wallet did not set up/);
    await act(async () => banner.querySelector('button')!.click());
    expect(call).toHaveBeenCalledWith('reviewForeignRevert', { account: A });
  });

  it('says why no account can pay the revert in the browser\'s language, the cost written as it writes numbers', async () => {
    speak('es');
    const words = { key: 'errors_noRevertPayer', values: { cost: { decimal: '0.0001104' }, symbol: 'ETH', network: 'Local devnet' } } satisfies ErrorData['words'];
    call.mockImplementation(async (method) => {
      if (method === 'reviewForeignRevert') throw new RpcError(-32000, 'No account of this wallet holds the 0.0001104 ETH the revert can cost on Local devnet: fund one, then try again', { words });
      return [];
    });
    await act(async () => root.render(<ForeignDelegationBanner state={state([{ account: A, delegate: DRAINER }])} />));
    await act(async () => container.querySelector('button')!.click());
    expect(container.querySelector('.error')?.textContent).toBe('Ninguna cuenta de esta billetera tiene los 0,0001104 ETH que puede costar la reversión en Local devnet: añade fondos a una e inténtalo de nuevo');
  });

  it('shows nothing while no account delegates elsewhere, and still asks the wallet to look', async () => {
    await act(async () => root.render(<ForeignDelegationBanner state={state([])} />));
    expect(container.innerHTML).toBe('');
    expect(call).toHaveBeenCalledWith('checkDelegations');
  });
});
