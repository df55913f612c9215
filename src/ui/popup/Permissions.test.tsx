// @vitest-environment happy-dom
/**
 * Permissions: a grant is shown revoked only when the wallet sent its revoke and the chain has it; a revoke sent that the
 * chain lacks keeps its Revoke button, and so does a node's word that a grant the wallet never revoked is revoked.
 * Revoke all, per account and chain while one of its grants is in force, asks for the review of the nonce's raise.
 */
import { RpcError } from '../../shared/errors';
import type { GrantView } from '../../shared/grants';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { mountPoint } from '../testing/mount';
import { speak } from '../testing/speak';

const { call } = vi.hoisted(() => ({ call: vi.fn(async (): Promise<unknown> => []) }));
vi.mock('../api/background', () => ({ call }));
vi.mock('webextension-polyfill', () => ({ default: { storage: { onChanged: { addListener: () => undefined, removeListener: () => undefined } } } }));
const { Permissions } = await import('./Permissions');

const SESSION = '0x0000000000000000000000000000000000000002';
const REVOKE_ALL = 'Revoke all permissions of 0x0000000000000000000000000000000000000001 on Devnet';
const grant = (state: Pick<GrantView, 'revoked' | 'revokeSent'>): GrantView => ({
  id: `0x${'1'.repeat(64)}`, origin: 'https://a.example', chainId: '0x7a69', networkName: 'Devnet', from: '0x0000000000000000000000000000000000000001', to: SESSION,
  permission: { type: 'native-token-allowance', isAdjustmentAllowed: false, data: { allowanceAmount: '0xde0b6b3a7640000', startTime: 1, justification: '' } }, rules: [],
  token: { symbol: 'ETH', decimals: 18 }, grantedAt: 1, spent: '0', ...state,
});

describe('Permissions', () => {
  const { container, render } = mountPoint();
  afterEach(() => vi.restoreAllMocks());
  const shown = async (view: GrantView) => {
    call.mockResolvedValue([view]);
    await render(<Permissions />);
    await act(async () => undefined);
    const label = (name: string) => container.querySelector(`[aria-label="${name}"]`)?.textContent;
    return { sent: label('Revoke sent'), revoked: label('Revoked'), button: container.querySelector(`[aria-label="Revoke permission for ${SESSION}"]`), revokeAll: container.querySelector(`[aria-label="${REVOKE_ALL}"]`) };
  };

  it('names a revoke sent that the chain does not have, and keeps Revoke', async () => {
    expect(await shown(grant({ revoked: false, revokeSent: true }))).toEqual({ sent: 'Revoke sent; the chain does not have it yet', revoked: undefined, button: expect.anything(), revokeAll: expect.anything() });
  });

  it('says Revoked, with no button, once the chain has it disabled', async () => {
    expect(await shown(grant({ revoked: true, revokeSent: true }))).toEqual({ sent: undefined, revoked: 'Revoked', button: null, revokeAll: null });
  });

  // A node is a claim: one that says a grant is revoked while the wallet sent no revoke of it would hide a grant still in force.
  it('says a node\'s claim that a grant is revoked as the network\'s claim, and keeps Revoke and Revoke all, when the wallet sent no revoke', async () => {
    const view = await shown(grant({ revoked: true, revokeSent: false }));
    expect(view).toEqual({ sent: undefined, revoked: undefined, button: expect.anything(), revokeAll: expect.anything() });
    expect(container.querySelector('[aria-label="The network says"]')?.textContent).toBe('The network says this permission is revoked; this wallet sent no revoke of it');
  });

  it('offers Revoke all for an account on a chain while a grant of it is in force, and asks the background for its review', async () => {
    const { revokeAll } = await shown(grant({ revoked: false, revokeSent: false }));
    await act(async () => (revokeAll as HTMLButtonElement).click());
    expect(call).toHaveBeenLastCalledWith('revokeAllGrants', { account: '0x0000000000000000000000000000000000000001', chainId: '0x7a69' });
  });

  it('says why Revoke and Revoke all asked nothing (another network selected), and is busy while asking: the click did nothing visible, and a second opened a second review', async () => {
    const { button, revokeAll } = await shown(grant({ revoked: false, revokeSent: false }));
    const elsewhere = new RpcError(-32602, 'This permission is on Devnet: switch to it to revoke', { words: { key: 'errors_permissionElsewhere', values: { network: 'Devnet' } } });
    let refuse!: (error: unknown) => void;
    call.mockImplementation(async () => new Promise((_resolve, reject) => (refuse = reject)));
    await act(async () => (button as HTMLButtonElement).click());
    expect((button as HTMLButtonElement).disabled).toBe(true);
    await act(async () => refuse(elsewhere));
    await act(async () => (revokeAll as HTMLButtonElement).click());
    await act(async () => refuse(elsewhere));
    expect([...container.querySelectorAll('[role="alert"]')].map((notice) => notice.textContent)).toEqual(['This permission is on Devnet: switch to it to revoke', 'This permission is on Devnet: switch to it to revoke']);
    expect((button as HTMLButtonElement).disabled).toBe(false);
  });

  it('names a long site whole: cut, its end (the domain that owns it) would be lost and its start could pass for another site', async () => {
    const origin = `https://app.uniswap.org.${'a'.repeat(60)}.evil.example`;
    call.mockResolvedValue([{ ...grant({ revoked: false, revokeSent: false }), origin }]);
    await render(<Permissions />);
    await act(async () => undefined);
    expect(container.querySelector('li strong')?.textContent).toBe(origin);
  });

  it('says a grant in the browser\'s language: its amount with the language\'s separators, every digit kept, and its dates', async () => {
    speak('es');
    const periodic: GrantView = {
      ...grant({ revoked: false, revokeSent: false }), token: { symbol: 'USDC', decimals: 6 },
      permission: { type: 'erc20-token-periodic', isAdjustmentAllowed: false, data: { tokenAddress: '0x10078beE6813c04572224b652228177C0f7BF2CF', periodAmount: '0x2dfd4e3ec1', periodDuration: 86_400 * 3, startTime: 1, justification: '' } },
      rules: [{ type: 'expiry', data: { timestamp: Date.UTC(2026, 11, 4, 17) / 1000 } }],
    };
    call.mockResolvedValue([periodic]);
    await render(<Permissions />);
    await act(async () => undefined);
    const until = new Intl.DateTimeFormat('es', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(Date.UTC(2026, 11, 4, 17));
    expect(container.querySelector('[aria-label="El permiso en palabras"]')?.textContent).toBe(`Hasta 197.523,291841 USDC cada 3 días, hasta el ${until}.`);
  });

  // Asked from the popup, which closed as the approval window opened: the refusal on Approve reached no page.
  describe('a revoke the wallet refused on Approve', () => {
    const ACCOUNT = '0x0000000000000000000000000000000000000001';
    const STILL_PAST = `A grant was signed for ${ACCOUNT} since this Revoke all was planned: raising the nonce by 1 no longer goes past it (it takes 2); click Revoke all again`;
    const refused = (): GrantView => ({
      ...grant({ revoked: false, revokeSent: false }),
      revokeRefused: { code: -32002, message: STILL_PAST, data: { words: { key: 'errors_revokeAllOutrun', values: { address: ACCOUNT, asked: '1', needs: '2' } } } },
    });
    const said = (label = 'Not revoked') => container.querySelector(`[aria-label="${label}"]`)?.textContent;

    it('is said beside the account’s Revoke all, which is offered again', async () => {
      const { revokeAll } = await shown(refused());
      expect(said()).toBe(`Not revoked: ${STILL_PAST}`);
      expect(revokeAll).not.toBeNull();
    });

    it('is said in the screen’s language', async () => {
      speak('es');
      await shown(refused());
      expect(said('No revocado')).toMatch(/^No revocado: Se firmó un permiso para 0x0{39}1 /);
    });

    it('is said as written, cleaned, when its words are not the wallet’s', async () => {
      await shown({ ...refused(), revokeRefused: { code: -32603, message: 'Internal error: gone\u202e' } });
      expect(said()).toBe('Not revoked: Internal error: gone');
    });

    it('says nothing when no revoke was refused', async () => {
      await shown(grant({ revoked: false, revokeSent: false }));
      expect(said()).toBeUndefined();
    });
  });
});
