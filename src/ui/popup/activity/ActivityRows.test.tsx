// @vitest-environment happy-dom
/** Activity reads like a statement: what happened, its status once, the time, the explorer link, an error in the browser's language; rows by day, the newest load's. */
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { speak } from '../../testing/speak';
import { DAY, HASH, call, changed, container, item, items, render, texts } from './Activity.fixture';

vi.mock('../../api/background', async () => (await import('./Activity.fixture')).background);
vi.mock('webextension-polyfill', async () => (await import('./Activity.fixture')).polyfill);
vi.mock('../../api/runtime', async () => (await import('./Activity.fixture')).runtime);
vi.mock('../../stores/wallet', async () => (await import('./Activity.fixture')).walletStore);

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

  it('a batch of several calls whose origin is no URL (a record planted in storage.local) names its site as written, and the list still shows', async () => {
    const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
    items.push(item({ origin: 'not a url', status: 200, calls: [{ to, value: '0', dataSize: 0 }, { to, value: '0', dataSize: 0 }] }));
    await render();
    expect(texts('[aria-label="Summary"]')).toEqual(['Approved batch: 2 calls on not a url']);
  });
});
