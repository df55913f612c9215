// @vitest-environment happy-dom
/** Speed up and Cancel on Activity only ask the background for a review, also the Cancel of a pending sponsored batch or userOp paid in USDC. */
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { HASH, buttons, call, container, item, items, render, texts } from './Activity.fixture';

vi.mock('../../api/background', async () => (await import('./Activity.fixture')).background);
vi.mock('webextension-polyfill', async () => (await import('./Activity.fixture')).polyfill);
vi.mock('../../api/runtime', async () => (await import('./Activity.fixture')).runtime);
vi.mock('../../stores/wallet', async () => (await import('./Activity.fixture')).walletStore);

describe('Activity', () => {
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

  it('a pending userOp paid in USDC says it cannot be sped up, and offers Cancel, which uses its nonce with an ETH transaction', async () => {
    items.push(item({ paidInUsdc: true }));
    await render();
    expect(buttons()).toEqual(['Cancel']);
    expect(container.querySelector('[aria-label="Replacement"]')?.textContent).toBe('A fee paid in USDC cannot be sped up; Cancel uses its nonce with a transaction of this account, its fee paid in ETH.');
    expect(container.querySelector('[aria-label="Network fee"]')).toBeNull();
    await act(async () => container.querySelector('button')!.click());
    expect(call).toHaveBeenLastCalledWith('cancelUserOperation', { origin: 'https://dapp.example', id: 'b1' });
  });
});
