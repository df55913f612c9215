// @vitest-environment happy-dom
/** The approval window's first paint: the request's screen as it will look (site, network, title, buttons), nothing armed. */
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import type { ApprovalView, PlanningView } from '../../shared/approvals';
import type { WalletState } from '../../shared/walletState';
import { mountPoint } from '../testing/mount';
import { speak } from '../testing/speak';
import spanish from '../i18n/es/approval.json';
import { browserMessage, renderMessage } from '../i18n/messages';

// The preview never arrives: the screens show only what the request itself says.
vi.mock('../api/background', () => ({ call: vi.fn(() => new Promise(() => undefined)) }));
const { ApprovalScreen } = await import('./ApprovalScreen');
const { Planning } = await import('./Planning');
const { paintFirst, paintSummary } = await import('./skeleton');
const { summaryFromHash, summaryHash } = await import('../../shared/summaryInUrl');

const A = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const origin = 'https://dapp.example';
const wallet = (approvals: ApprovalView[], unlocked = true, planning: PlanningView[] = []) =>
  ({ initialized: true, unlocked, accounts: [{ address: A, name: 'Account 1' }], selectedAccount: A, approvals, planning }) as unknown as WalletState;

/** What a user reads at a glance: who asks, on which network, what, and the answers offered (enabled or not). */
const glance = (root: Element) => ({
  site: root.querySelector('[aria-label="Site"]')?.textContent,
  connection: root.querySelector('[aria-label="Connection"]')?.textContent,
  network: root.querySelector('[aria-label="Network"]')?.textContent,
  title: root.querySelector('h1')?.textContent,
  buttons: [...root.querySelectorAll('[aria-label="Decision"] button')].map((b) => b.textContent),
});
const enabled = (root: Element) => [...root.querySelectorAll('button')].filter((b) => !(b as HTMLButtonElement).matches(':disabled'));

const REQUESTS = {
  'a connect request': { type: 'connect', details: {} },
  'a phishing warning': { type: 'phishing', details: { hostname: 'dapp.example', request: { method: 'eth_requestAccounts' } } },
  'a message to sign': { type: 'signMessage', details: { account: A, message: '0x68656c6c6f', text: 'hello' } },
  'a transaction': {
    type: 'sendTransaction',
    details: { batchId: 'b', from: A, networkName: 'Local devnet', symbol: 'ETH', call: { to: A, value: '1', dataSize: 0 }, gasLimit: '21000', maxFees: { market: '1' } },
  },
  'a token to watch': {
    type: 'watchAsset',
    details: { account: A, chainId: '0x7a69', networkName: 'Local devnet', requested: { symbol: 'TST', decimals: 18 }, token: { address: A, symbol: 'TST', name: 'Test', decimals: 18, balance: '0' } },
  },
} as Record<string, Omit<ApprovalView, 'id' | 'origin'>>;

describe('the approval window\'s first paint', () => {
  const screen = mountPoint();
  for (const [name, request] of Object.entries(REQUESTS)) {
    it(`of ${name} shows the site, network, title and buttons its screen shows, every button disabled`, async () => {
      const approval = { id: 'a', origin, ...request } as ApprovalView;
      const first = document.createElement('div');
      paintFirst(first, wallet([approval]));
      const shown = await screen.render(<ApprovalScreen approval={approval} state={wallet([approval])} />);
      expect(glance(first)).toEqual(glance(shown));
      expect(glance(first).title).toBeTruthy();
      expect(first.querySelectorAll('button')).toHaveLength(2);
      expect(enabled(first)).toEqual([]);
    });
  }

  it('of a request from a site on plain http marks it "Not secure", as its screen does', async () => {
    const approval = { id: 'a', origin: 'http://dapp.example', ...REQUESTS['a message to sign'] } as ApprovalView;
    const first = document.createElement('div');
    paintFirst(first, wallet([approval]));
    const shown = await screen.render(<ApprovalScreen approval={approval} state={wallet([approval])} />);
    expect(glance(first)).toMatchObject({ site: 'http://dapp.example', connection: 'Not secure' });
    expect(glance(first)).toEqual(glance(shown));
  });

  it('of a request still being planned shows who asks and the screen its app draws for it, every button disabled', async () => {
    const planning: PlanningView = { id: 'p', origin, method: 'wallet_sendCalls' };
    const first = document.createElement('div');
    paintFirst(first, wallet([], true, [planning]));
    const shown = await screen.render(<Planning request={planning} />);
    expect(glance(first)).toEqual({ site: 'https://dapp.example', network: undefined, title: 'Preparing the request', buttons: ['Reject', 'Approve'] });
    expect(glance(first)).toEqual(glance(shown));
    expect(enabled(first)).toEqual([]);
    // Nothing to approve yet; Reject rejects it once planned.
    expect(enabled(shown).map((b) => b.textContent)).toEqual(['Reject']);
    // A request queued meanwhile comes first.
    const sign = { id: 'a', origin: 'https://other.example', ...REQUESTS['a message to sign'] } as ApprovalView;
    paintFirst(first, wallet([sign], true, [planning]), 'p');
    expect(glance(first).title).toBe('Sign message');
  });

  it('paints nothing while the wallet is locked: its unlock screen comes with the app', () => {
    const first = document.createElement('div');
    paintFirst(first, wallet([{ id: 'a', origin, ...REQUESTS['a connect request'] } as ApprovalView], false));
    expect(first.childElementCount).toBe(0);
  });

  it('of a connect request with sign-in names its own button', () => {
    const first = document.createElement('div');
    paintFirst(first, wallet([{ id: 'a', type: 'connect', origin: 'https://x.example', details: { signIn: {} } } as unknown as ApprovalView]));
    expect(glance(first).title).toBe('Connect and sign in to https://x.example');
    expect(glance(first).buttons).toEqual(['Reject', 'Connect and sign in']);
  });

  it('names its parts in the browser\'s language', () => {
    const i18n = (globalThis as unknown as { chrome: { i18n: { getMessage(key: string, substitutions?: string[]): string } } }).chrome.i18n;
    const texts: Record<string, string> = spanish;
    vi.spyOn(i18n, 'getMessage').mockImplementation((key, substitutions) => (texts[key] ? renderMessage(browserMessage(texts[key]), substitutions) : ''));
    const first = document.createElement('div');
    paintFirst(first, wallet([{ id: 'a', origin: 'http://dapp.example', ...REQUESTS['a transaction'] } as ApprovalView]));
    vi.restoreAllMocks();
    expect([...first.querySelectorAll('[aria-label]')].map((node) => node.getAttribute('aria-label'))).toEqual(['Sitio', 'Conexión', 'Red', 'Decisión']);
  });

  it('shows a name the site chose as text, never as markup', () => {
    const first = document.createElement('div');
    const request = REQUESTS['a transaction'] as Extract<ApprovalView, { type: 'sendTransaction' }>;
    const details = { ...request.details, networkName: '<img src=x onerror="alert(1)">Devnet' };
    paintFirst(first, wallet([{ id: 'a', origin, type: 'sendTransaction', details } as ApprovalView]));
    expect(glance(first).network).toBe('<img src=x onerror="alert(1)">Devnet');
    expect(first.querySelector('img')).toBeNull();
  });

  describe('from the window\'s address', () => {
    const sign = { id: 'a', origin, ...REQUESTS['a message to sign'] } as ApprovalView;
    const token = { id: 'b', origin: 'https://other.example', ...REQUESTS['a token to watch'] } as ApprovalView;
    const addressed = (approval: ApprovalView) => {
      const first = document.createElement('div');
      paintSummary(first, summaryFromHash(summaryHash(approval))!, 'address');
      return first;
    };

    it('names the request and its answers in the browser\'s language, as its screen will', () => {
      speak('es');
      onTestFinished(() => void vi.restoreAllMocks());
      const connect = { id: 'c', type: 'connect', origin: 'https://x.example', details: {} } as ApprovalView;
      // Its buttons by their place: the group around them is named in Spanish too.
      const words = (root: Element) => ({ title: glance(root).title, buttons: [...root.querySelectorAll('button')].map((b) => b.textContent) });
      expect(words(addressed({ id: 'a', origin, ...REQUESTS['a transaction'] } as ApprovalView))).toEqual({ title: 'Enviar transacción', buttons: ['Rechazar', 'Aprobar'] });
      expect(words(addressed(connect))).toEqual({ title: 'Conectar con https://x.example', buttons: ['Rechazar', 'Conectar'] });
    });

    it('shows what the state would, every button disabled', () => {
      const fromState = document.createElement('div');
      paintFirst(fromState, wallet([token]));
      expect(glance(addressed(token))).toEqual(glance(fromState));
      expect(enabled(addressed(token))).toEqual([]);
    });

    it('stays when the state\'s first request is the one it shows', () => {
      const first = addressed(sign);
      const painted = first.firstChild;
      paintFirst(first, wallet([sign, token]), 'a');
      expect(first.firstChild).toBe(painted);
    });

    it('gives way to the state\'s first request when that is another', () => {
      const first = addressed(sign);
      paintFirst(first, wallet([token, sign]), 'a');
      expect(glance(first)).toMatchObject({ site: 'https://other.example', title: 'Add suggested token', buttons: ['Cancel', 'Add token'] });
    });

    it('is taken down when the wallet is locked (the unlock screen comes first) or nothing waits', () => {
      const locked = addressed(sign);
      paintFirst(locked, wallet([sign], false), 'a');
      expect(locked.childElementCount).toBe(0);
      const answered = addressed(sign);
      paintFirst(answered, wallet([]), 'a');
      expect(answered.childElementCount).toBe(0);
    });
  });
});
