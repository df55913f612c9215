// @vitest-environment happy-dom
/**
 * The add-account page: Firefox says a Ledger cannot be reached from it; Chrome connects, lists five addresses a page
 * on the chosen path family with their balances, and adds the ones picked; each device state shows its words.
 */
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { LOCAL_DEVNET } from '../../../shared/networks';
import type { WalletState } from '../../../shared/walletState';
import type { Hex } from '../../../shared/params';
import { ledgerError } from '../../ledger/errors';
import { ledgerPath } from '../../ledger/paths';
import type { LedgerAccount, LedgerErrorCode, LedgerPathKind, LedgerResult } from '../../ledger/types';
import { mountPoint } from '../../testing/mount';

const { call } = vi.hoisted(() => ({ call: vi.fn(async (method: string, params?: { addresses?: string[] }): Promise<unknown> => (method === 'getBalances' ? params!.addresses!.map(() => '0xde0b6b3a7640000') : [])) }));
vi.mock('../../api/background', () => ({ call }));
const { AddLedger } = await import('./AddLedger');

/** A distinct address per path, as a device would give. */
const addressAt = (kind: LedgerPathKind, i: number): Hex => `0x${(kind === 'ledgerLive' ? 'a' : 'b').repeat(30)}${i.toString().padStart(10, '0')}` as Hex;
const OURS = addressAt('ledgerLive', 1);
const state = { accounts: [{ address: OURS, name: 'Cold' }], selectedAccount: OURS, networks: [LOCAL_DEVNET], selectedChainId: LOCAL_DEVNET.chainId } as unknown as WalletState;
const WEBHID = { hid: {} };

/** A device answering addresses, or failing with `failing` (once, when `once`). */
function device(failing?: LedgerErrorCode) {
  const asked: [LedgerPathKind, number, number][] = [];
  const eth = {
    async accounts(kind: LedgerPathKind, from: number, count: number): Promise<LedgerResult<LedgerAccount[]>> {
      asked.push([kind, from, count]);
      if (failing) return { ok: false, error: ledgerError(failing) };
      return { ok: true, value: Array.from({ length: count }, (_, i) => ({ address: addressAt(kind, from + i), path: ledgerPath(kind, from + i) })) };
    },
  };
  return { eth, asked };
}

const type = (input: Element | null, value: string) => {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
  input!.dispatchEvent(new Event('input', { bubbles: true }));
};

describe('AddLedger', () => {
  const { container, render } = mountPoint();
  const button = (name: string) => [...container.querySelectorAll('button')].find((b) => b.textContent === name || b.getAttribute('aria-label') === name);
  const click = (name: string) => act(async () => button(name)!.click());
  const rows = () => [...container.querySelectorAll('[aria-label="Ledger addresses"] li')].map((li) => li.textContent);

  it('on Firefox (no WebHID), says a Ledger cannot be reached from it and what to do, with no Connect button', async () => {
    const connect = vi.fn();
    await render(<AddLedger state={state} nav={{}} connect={connect} />);
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(ledgerError('noWebHid').words);
    expect(button('Connect your Ledger')).toBeUndefined();
    expect(connect).not.toHaveBeenCalled();
  });

  it('shows the device\'s state in its words with Try again, and lists the addresses once it answers', async () => {
    const connect = vi.fn(async () => ({ ok: false as const, error: ledgerError('locked') }));
    await render(<AddLedger state={state} nav={WEBHID} connect={connect} />);
    await click('Connect your Ledger');
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(ledgerError('locked').words);
    connect.mockResolvedValue({ ok: true, value: device().eth } as never);
    await click('Try again');
    expect(rows()).toHaveLength(5);
  });

  it.each(['appNotOpen', 'otherApp', 'unplugged', 'busy', 'noDevice'] as const)('when the addresses fail (%s), shows its words with Try again', async (code) => {
    const { eth, asked } = device(code);
    await render(<AddLedger state={state} nav={WEBHID} connect={async () => ({ ok: true, value: eth })} />);
    await click('Connect your Ledger');
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(ledgerError(code).words);
    await click('Try again');
    expect(asked).toHaveLength(2);
  });

  it('lists five Ledger Live addresses a page with their balances, Next and Previous; one already listed is not offered', async () => {
    const { eth, asked } = device();
    await render(<AddLedger state={state} nav={WEBHID} connect={async () => ({ ok: true, value: eth })} />);
    await click('Connect your Ledger');
    expect(rows()).toEqual([
      `m/44'/60'/0'/0/0${addressAt('ledgerLive', 0)}1 ETH`,
      `m/44'/60'/1'/0/0${OURS}1 ETHAlready added (Cold)`,
      `m/44'/60'/2'/0/0${addressAt('ledgerLive', 2)}1 ETH`,
      `m/44'/60'/3'/0/0${addressAt('ledgerLive', 3)}1 ETH`,
      `m/44'/60'/4'/0/0${addressAt('ledgerLive', 4)}1 ETH`,
    ]);
    expect(button(`Pick ${OURS}`)).toBeUndefined();
    expect(button('Previous')?.disabled).toBe(true);
    await click('Next');
    expect(rows()[0]).toContain(addressAt('ledgerLive', 5));
    await click('Previous');
    expect(asked).toEqual([['ledgerLive', 0, 5], ['ledgerLive', 5, 5], ['ledgerLive', 0, 5]]);
  });

  it('offers the legacy family, m/44\'/60\'/0\'/i', async () => {
    const { eth, asked } = device();
    await render(<AddLedger state={state} nav={WEBHID} connect={async () => ({ ok: true, value: eth })} />);
    await click('Connect your Ledger');
    await click("Legacy (m/44'/60'/0'/i)");
    expect(asked.at(-1)).toEqual(['legacy', 0, 5]);
    expect(rows()[2]).toContain(`m/44'/60'/0'/2${addressAt('legacy', 2)}`);
  });

  it('adds the addresses picked, each with its path and the name given, with the password', async () => {
    const { eth } = device();
    await render(<AddLedger state={state} nav={WEBHID} connect={async () => ({ ok: true, value: eth })} />);
    await click('Connect your Ledger');
    await click(`Pick ${addressAt('ledgerLive', 0)}`);
    await click(`Pick ${addressAt('ledgerLive', 3)}`);
    await act(async () => type(container.querySelector(`[aria-label="Name of ${addressAt('ledgerLive', 3)}"]`), 'Savings'));
    await act(async () => type(container.querySelector('input[type="password"]'), 'correct horse'));
    call.mockResolvedValueOnce([{ address: addressAt('ledgerLive', 0), name: 'Ledger 1', ledger: true }, { address: addressAt('ledgerLive', 3), name: 'Savings', ledger: true }]);
    await click('Add 2 accounts');
    expect(call).toHaveBeenLastCalledWith('addLedgerAccounts', {
      accounts: [{ address: addressAt('ledgerLive', 0), path: "44'/60'/0'/0/0" }, { address: addressAt('ledgerLive', 3), path: "44'/60'/3'/0/0", name: 'Savings' }],
      password: 'correct horse',
    });
    expect(container.querySelector('[role="status"]')?.textContent).toBe('Added Ledger 1, Savings. You can close this tab.');
  });
});
