// @vitest-environment happy-dom
/**
 * A sign-in for another site than the one asking (EIP-4361's domain, ERC-7846's), named in the browser's language, the
 * domain the message wrote with each character that reorders or hides text shown by its code point.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApprovalView } from '../../shared/approvals';
import type { ConnectDetails } from '../../shared/approvals/connect';
import type { SignMessageDetails } from '../../shared/approvals/signing';
import { hasInvisible } from '../../shared/displayText';
import type { WalletState } from '../../shared/walletState';
import { mountPoint } from '../testing/mount';
import { speak } from '../testing/speak';

vi.mock('../api/background', () => ({ call: vi.fn(() => new Promise(() => undefined)) }));
const { ApprovalScreen } = await import('./ApprovalScreen');

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const ORIGIN = 'https://app.example';
const { container, render: mount, unmount } = mountPoint();
const render = (approval: Omit<ApprovalView, 'id' | 'origin'>) =>
  mount(<ApprovalScreen approval={{ id: 'a', origin: ORIGIN, ...approval } as ApprovalView} state={{ accounts: [{ address: ACCOUNT, name: 'Account 1' }], selectedAccount: ACCOUNT } as unknown as WalletState} />);
const alerts = () => [...container.querySelectorAll('[role="alert"]')].map((alert) => alert.textContent ?? '');

/** personal_sign of an EIP-4361 message for `domain`, as the worker hands it to the window. */
const signIn = (domain: string) => {
  const text = `${domain} wants you to sign in with your Ethereum account:\n${ACCOUNT}\n\nURI: https://${domain}`;
  const details: SignMessageDetails = { account: ACCOUNT, message: '0x00', text };
  return { type: 'signMessage', details } as never;
};

describe('a sign-in for another site', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is named in the browser\'s language, on personal_sign and on connect', async () => {
    speak('ja');
    await render(signIn('bank.example'));
    expect(alerts()).toContain('このサインインリクエストは bank.example 向けですが、https://app.example から送られています。署名すると、https://app.example があなたとして bank.example にサインインできるおそれがあります。');
    const fields = { domain: 'bank.example', uri: 'https://bank.example', version: '1', chainId: '1', nonce: '12345678', issuedAt: '2026-11-23T16:00:00.000Z' };
    unmount();
    speak('es');
    await render({ type: 'connect', details: { signIn: { fields } } as ConnectDetails } as never);
    expect(alerts()).toContain('Esta solicitud de inicio de sesión es para bank.example, pero viene de https://app.example. Firmarla podría permitir que https://app.example inicie sesión como tú en bank.example.');
  });

  it('shows the domain the message wrote with its hidden characters by their code points: U+202E would reverse the rest of the warning', async () => {
    await render(signIn('bank.example\u202E'));
    const [warning] = alerts().filter((alert) => alert.startsWith('This sign-in request'));
    expect(warning).toBe('This sign-in request is for bank.example⟨U+202E⟩, but it comes from https://app.example. Signing it could let https://app.example sign in as you on bank.example⟨U+202E⟩.');
    expect(hasInvisible(warning)).toBe(false);
  });
});
