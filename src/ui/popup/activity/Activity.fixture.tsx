/**
 * The Activity screen's tests' background, storage events and wallet store, for each test file's vi.mock to stand in
 * for (`vi.mock('../../api/background', async () => (await import('./Activity.fixture')).background)`), and the screen
 * mounted in a fresh root for each test, its list emptied after.
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import type { ActivityItem } from '../../../shared/activity';

export const items: ActivityItem[] = [];
export const call = vi.fn(async (method: string) => (method === 'getActivity' ? items : null));
export const background = { call };
export const polyfill = { default: { storage: { onChanged: { addListener: () => undefined, removeListener: () => undefined } } } };
/** What listens to storage changes now: `changed()` tells each, as the browser would. */
const listening = new Set<() => void>();
export const changed = () => listening.forEach((listener) => listener());
export const runtime = { onStorageChanged: (listener: () => void) => (listening.add(listener), () => void listening.delete(listener)) };
export const wallet: { state: { networks: { chainId: string; name: string; nativeCurrency: { symbol: string } }[] } } = { state: { networks: [] } };
export const walletStore = { useWallet: (select: (s: typeof wallet) => unknown) => select(wallet) };

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export const HASH = `0x${'aa'.repeat(32)}` as const;
export const item = (extra: Partial<ActivityItem>): ActivityItem => ({
  key: 'k', id: 'b1', origin: 'https://dapp.example', chainId: '0x7a69', from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', atomic: true,
  status: 100, calls: [{ to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: '1', dataSize: 0 }], transactions: [], createdAt: 0, ...extra,
});

export let container: HTMLElement;
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

/** Imported before the tests, once this module is: the test file's mocks of what Activity reads import it. */
let Activity: typeof import('./Activity').Activity;
beforeAll(async () => ({ Activity } = await import('./Activity')));
export const render = async () => act(async () => root.render(<Activity />));
export const buttons = () => [...container.querySelectorAll('button')].map((b) => b.textContent);

export const texts = (selector: string) => [...container.querySelectorAll(selector)].map((e) => e.textContent);
export const DAY = 24 * 3600 * 1000;
