// @vitest-environment happy-dom
/** The fee a row of Activity shows: what was mined, in the network's symbol, paid by a sponsor or in USDC as the browser's language writes it. */
import { describe, expect, it, vi } from 'vitest';
import { speak } from '../../testing/speak';
import { HASH, buttons, container, item, items, render, texts, wallet } from './Activity.fixture';

vi.mock('../../api/background', async () => (await import('./Activity.fixture')).background);
vi.mock('webextension-polyfill', async () => (await import('./Activity.fixture')).polyfill);
vi.mock('../../api/runtime', async () => (await import('./Activity.fixture')).runtime);
vi.mock('../../stores/wallet', async () => (await import('./Activity.fixture')).walletStore);

describe('Activity', () => {
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
});
