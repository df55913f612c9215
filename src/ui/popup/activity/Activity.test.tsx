// @vitest-environment happy-dom
/**
 * Activity reads like a statement: what happened, its status once, the time, the explorer link; rows by day. Speed up and
 * Cancel only ask for a review, also the Cancel of a pending sponsored batch; grants and their revokes in words.
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GrantMention } from '../../../shared/grants';
import type { ActivityItem } from '../../../shared/activity';
import { speak } from '../../testing/speak';

const items: ActivityItem[] = [];
const call = vi.fn(async (method: string) => (method === 'getActivity' ? items : null));
vi.mock('../../api/background', () => ({ call }));
vi.mock('webextension-polyfill', () => ({ default: { storage: { onChanged: { addListener: () => undefined, removeListener: () => undefined } } } }));
/** What listens to storage changes now: `changed()` tells each, as the browser would. */
const listening = new Set<() => void>();
const changed = () => listening.forEach((listener) => listener());
vi.mock('../../api/runtime', () => ({ onStorageChanged: (listener: () => void) => (listening.add(listener), () => void listening.delete(listener)) }));
const wallet: { state: { networks: { chainId: string; name: string; nativeCurrency: { symbol: string } }[] } } = { state: { networks: [] } };
vi.mock('../../stores/wallet', () => ({ useWallet: (select: (s: typeof wallet) => unknown) => select(wallet) }));
const { Activity } = await import('./Activity');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const HASH = `0x${'aa'.repeat(32)}` as const;
const item = (extra: Partial<ActivityItem>): ActivityItem => ({
  key: 'k', id: 'b1', origin: 'https://dapp.example', chainId: '0x7a69', from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', atomic: true,
  status: 100, calls: [{ to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: '1', dataSize: 0 }], transactions: [], createdAt: 0, ...extra,
});

let container: HTMLElement;
let root: Root;
beforeEach(() => {
  container = document.body.appendChild(document.createElement('div'));
  root = createRoot(container);
});
afterEach(() => {
  vi.restoreAllMocks();
  wallet.state.networks = [];
  act(() => root.unmount());
  container.remove();
  items.splice(0);
  call.mockReset();
});

const render = async () => act(async () => root.render(<Activity />));
const buttons = () => [...container.querySelectorAll('button')].map((b) => b.textContent);

const texts = (selector: string) => [...container.querySelectorAll(selector)].map((e) => e.textContent);
const DAY = 24 * 3600 * 1000;

describe('Activity', () => {
  it('a send reads as what happened, then its status once, the time and its transaction on the explorer', async () => {
    const tx = { hash: HASH, nonce: 3, status: 'confirmed' } as const;
    items.push(item({ status: 200, createdAt: Date.now(), calls: [{ to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: '100000000000000000', dataSize: 0 }], transactions: [tx], explorerUrl: 'https://explorer.example' }));
    await render();
    expect(texts('[aria-label="Calls"] li')).toEqual(['Sent 0.1 ETH to 0x7099…79C8']);
    expect(texts('[aria-label="Status"]')).toEqual(['Confirmed']);
    expect(container.textContent!.match(/Confirmed/g)).toHaveLength(1);
    expect(container.querySelector('[aria-label="Transaction status"]')).toBeNull();
    const link = container.querySelector('a')!;
    expect([link.href, link.title, link.textContent]).toEqual([`https://explorer.example/tx/${HASH}`, HASH, '0xaaaa…aaaa']);
    expect(container.querySelector('time')?.textContent).toMatch(/^\d{1,2}:\d\d/);
  });

  it('a site’s batch says it was approved, how many calls and on which site, and each call under it', async () => {
    const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
    items.push(item({ origin: 'https://app.uniswap.org', status: 200, calls: [{ to, value: '0', dataSize: 4, selector: '0x12345678' }, { to, value: '1000000000000000000', dataSize: 4, selector: '0x12345678' }] }));
    await render();
    expect(texts('[aria-label="Summary"]')).toEqual(['Approved batch: 2 calls on app.uniswap.org']);
    expect(texts('[aria-label="Calls"] li')).toEqual(['Call 0x7099…79C8', 'Call 0x7099…79C8 with 1 ETH']);
  });

  it('lists the rows under Today, Yesterday, then their date', async () => {
    const now = Date.now();
    items.push(item({ key: 'a', createdAt: now, status: 200 }), item({ key: 'b', createdAt: now - DAY, status: 200 }), item({ key: 'c', createdAt: Date.UTC(2020, 0, 15, 12), status: 200 }));
    await render();
    expect(texts('h3')).toEqual(['Today', 'Yesterday', 'January 15, 2020']);
  });

  it('a pending transaction sped up shows each transaction’s progress, and the actions only on the one pending', async () => {
    const SPED = `0x${'bb'.repeat(32)}` as const;
    items.push(item({ transactions: [{ hash: HASH, nonce: 3, status: 'replaced' }, { hash: SPED, nonce: 3, status: 'pending', replaces: HASH }] }));
    await render();
    expect(texts('[aria-label="Status"]')).toEqual(['Pending']);
    expect(texts('[aria-label="Transaction status"]')).toEqual(['Replaced', 'Pending']);
    expect(buttons()).toEqual(['Speed up', 'Cancel']);
  });

  it('Speed up asks the background for a review of that transaction, nothing more', async () => {
    items.push(item({ transactions: [{ hash: HASH, nonce: 3, status: 'pending' }] }));
    await render();
    expect(buttons()).toEqual(['Speed up', 'Cancel']);
    await act(async () => container.querySelector('button')!.click());
    expect(call).toHaveBeenLastCalledWith('replaceTransaction', { origin: 'https://dapp.example', id: 'b1', hash: HASH, mode: 'speedUp' });
  });

  it('a pending sponsored batch offers Cancel, which asks for the review of the transaction that uses its userOp\'s nonce', async () => {
    items.push(item({ sponsored: true }));
    await render();
    expect(buttons()).toEqual(['Cancel']);
    expect(container.querySelector('[aria-label="Replacement"]')?.textContent).toMatch(/can run until its EntryPoint nonce is used/);
    await act(async () => container.querySelector('button')!.click());
    expect(call).toHaveBeenLastCalledWith('cancelUserOperation', { origin: 'https://dapp.example', id: 'b1' });
  });

  it('a grant reads as granted, and a batch that revoked grants says which', async () => {
    const grant: GrantMention = {
      origin: 'https://dapp.example', to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', rules: [], token: { symbol: 'TST', decimals: 18 },
      permission: { type: 'native-token-allowance', isAdjustmentAllowed: false, data: { allowanceAmount: '0xde0b6b3a7640000', startTime: 1, justification: '' } },
    };
    items.push(item({ key: 'g', kind: 'grant', status: 200, calls: [], grant }), item({ key: 'r', status: 200, revokes: [grant, grant] }));
    await render();
    const lines = [...container.querySelectorAll('[aria-label="Calls"] li')].map((li) => li.textContent);
    expect(lines).toEqual([
      'Permission granted to 0x7099…79C8: up to 1 TST in all on https://dapp.example',
      'Permission revoked: up to 1 TST in all to 0x7099…79C8 on https://dapp.example',
      'Permission revoked: up to 1 TST in all to 0x7099…79C8 on https://dapp.example',
    ]);
    expect([...container.querySelectorAll('[aria-label="Status"]')].map((s) => s.textContent)).toEqual(['Granted', 'Confirmed']);
  });

  // "Permission revoked" beside "Reverted" says the grant is gone while it is still in force.
  it('a revoke says what became of it: revoking while pending, revoked once confirmed, revoke failed when it was not sent, reverted or cancelled', async () => {
    const grant: GrantMention = {
      origin: 'https://dapp.example', to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', rules: [], token: { symbol: 'TST', decimals: 18 },
      permission: { type: 'native-token-allowance', isAdjustmentAllowed: false, data: { allowanceAmount: '0xde0b6b3a7640000', startTime: 1, justification: '' } },
    };
    const cancelled = [{ hash: HASH, nonce: 3, status: 'replaced' as const }, { hash: `0x${'bb'.repeat(32)}` as const, nonce: 3, status: 'confirmed' as const, cancel: true, replaces: HASH }];
    items.push(
      item({ key: 'p', status: 100, revokes: [grant] }), item({ key: 'c', status: 200, revokes: [grant] }), item({ key: 'n', status: 400, revokes: [grant] }),
      item({ key: 'r', status: 500, revokes: [grant] }), item({ key: 'x', status: 200, revokes: [grant], transactions: cancelled }),
    );
    await render();
    const said = (outcome: string) => `${outcome}: up to 1 TST in all to 0x7099…79C8 on https://dapp.example`;
    expect(texts('[aria-label="Calls"] li')).toEqual([said('Revoking permission'), said('Permission revoked'), said('Revoke failed'), said('Revoke failed'), said('Revoke failed')]);
    expect(texts('[aria-label="Status"]')).toEqual(['Pending', 'Confirmed', 'Failed (not sent)', 'Reverted', 'Cancelled']);
  });

  it('a confirmed send shows the fee the account paid, in the network\'s own symbol', async () => {
    items.push(item({ status: 200, transactions: [{ hash: HASH, nonce: 3, status: 'confirmed', feePaid: '0x1319718a5000' }] }));
    await render();
    expect(texts('[aria-label="Network fee"]')).toEqual(['Fee 0.000021 ETH']);
    wallet.state.networks = [{ chainId: '0x7a69', name: 'Gnosis', nativeCurrency: { symbol: 'xDAI' } }];
    await render();
    expect(texts('[aria-label="Network fee"]')).toEqual(['Fee 0.000021 xDAI']);
  });

  it('several transactions show the sum of what was mined: a speed-up over the one it replaced, a sequential batch\'s both', async () => {
    const SPED = `0x${'bb'.repeat(32)}` as const;
    items.push(
      item({ key: 'sped', status: 200, transactions: [{ hash: HASH, nonce: 3, status: 'replaced' }, { hash: SPED, nonce: 3, status: 'confirmed', replaces: HASH, feePaid: '0x2d79883d2000' }] }),
      item({ key: 'seq', status: 500, atomic: false, transactions: [{ hash: HASH, nonce: 3, status: 'confirmed', feePaid: '0x1319718a5000' }, { hash: SPED, nonce: 4, status: 'failed', feePaid: '0x1319718a5000' }] }),
    );
    await render();
    expect(texts('[aria-label="Network fee"]')).toEqual(['Fee 0.00005 ETH', 'Fee 0.000042 ETH']);
  });

  it('shows no fee while nothing is mined, nor when a mined transaction has none (the node gave no valid price)', async () => {
    const OTHER = `0x${'bb'.repeat(32)}` as const;
    items.push(
      item({ key: 'pending', transactions: [{ hash: HASH, nonce: 3, status: 'pending' }] }),
      item({ key: 'garbled', status: 200, atomic: false, transactions: [{ hash: HASH, nonce: 3, status: 'confirmed', feePaid: '0x1319718a5000' }, { hash: OTHER, nonce: 4, status: 'confirmed' }] }),
    );
    await render();
    expect(container.querySelector('[aria-label="Network fee"]')).toBeNull();
  });

  it('a sponsored batch that ran says the sponsor paid its fee', async () => {
    items.push(item({ status: 200, sponsored: true }));
    await render();
    expect(texts('[aria-label="Network fee"]')).toEqual(['Fee paid by the sponsor']);
    expect(buttons()).toEqual([]);
  });

  it('a batch whose fee was paid in USDC shows the fee its paymaster took', async () => {
    items.push(item({ status: 200, paidInUsdc: true, usdcFee: { paid: '305001', line: 'Network fee: 0.31 USDC', words: { key: 'fees_usdcPaid', values: { amount: { decimal: '0.31' } } } } }));
    await render();
    expect(container.querySelector('[aria-label="Network fee"]')?.textContent).toBe('Network fee: 0.31 USDC');
    expect(buttons()).toEqual([]);
  });

  it('says the fee paid in USDC in the browser\'s language, its amount written as that language writes numbers', async () => {
    speak('es');
    items.push(item({ status: 200, paidInUsdc: true, usdcFee: { paid: '12345500000', line: 'Network fee: 12,345.50 USDC', words: { key: 'fees_usdcPaid', values: { amount: { decimal: '12345.50' } } } } }));
    await render();
    expect(container.querySelector('[aria-label="Tarifa de red"]')?.textContent).toBe('Tarifa de red: 12.345,50 USDC');
  });

  it('says a failed batch\'s error in the browser\'s language, a server\'s message as written inside the wallet\'s sentence', async () => {
    speak('es');
    const over = 'The network fee would exceed the approved maximum of 0.50 USDC: it could now take up to 1234.75 USDC; nothing was signed or sent';
    items.push(item({ status: 400, error: over, errorWords: { key: 'errors_usdcOverCap', values: { maximum: { decimal: '0.50' }, needed: { decimal: '1234.75' } } } }));
    items.push(item({ key: 'k2', id: 'b2', status: 400, error: 'nonce too low: Incorrect password', errorWords: { key: 'errors_serverAnswered', values: { said: 'nonce too low: Incorrect password' } } }));
    items.push(item({ key: 'k3', id: 'b3', status: 400, error: 'a record with no words' }));
    await render();
    expect(texts('.error')).toEqual([
      'La tarifa de red superaría el máximo aprobado de 0,50 USDC: ahora podría llegar a 1234,75 USDC; no se firmó ni se envió nada',
      'El servidor de la red respondió: nonce too low: Incorrect password',
      'a record with no words',
    ]);
  });

  it('shows the newest load’s answer when loads answer out of order (the first on opening, one per storage change): an older one would show a stale list until the next change', async () => {
    // Each load answers, when the test lets it, with the list as it was when asked.
    const waiting: (() => void)[] = [];
    call.mockImplementation(async (method: string) => {
      const asked = [...items];
      return method === 'getActivity' ? new Promise((resolve) => waiting.push(() => resolve(asked))) : null;
    });
    await render();
    items.push(item({ status: 200, createdAt: Date.now() }));
    await act(async () => changed());
    // The newest first, then the older ones, then any load asked meanwhile.
    while (waiting.length > 0) await act(async () => waiting.splice(0).reverse().forEach((answer) => answer()));
    expect(texts('[aria-label="Status"]')).toEqual(['Confirmed']);
  });

  it('a pending userOp paid in USDC says it cannot be sped up, and offers Cancel, which uses its nonce with an ETH transaction', async () => {
    items.push(item({ paidInUsdc: true }));
    await render();
    expect(buttons()).toEqual(['Cancel']);
    expect(container.querySelector('[aria-label="Replacement"]')?.textContent).toBe('A fee paid in USDC cannot be sped up; Cancel uses its nonce with a transaction of this account, its fee paid in ETH.');
    expect(container.querySelector('[aria-label="Network fee"]')).toBeNull();
    await act(async () => container.querySelector('button')!.click());
    expect(call).toHaveBeenLastCalledWith('cancelUserOperation', { origin: 'https://dapp.example', id: 'b1' });
  });

  it('a batch of several calls whose origin is no URL (a record planted in storage.local) names its site as written, and the list still shows', async () => {
    const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
    items.push(item({ origin: 'not a url', status: 200, calls: [{ to, value: '0', dataSize: 0 }, { to, value: '0', dataSize: 0 }] }));
    await render();
    expect(texts('[aria-label="Summary"]')).toEqual(['Approved batch: 2 calls on not a url']);
  });
});

