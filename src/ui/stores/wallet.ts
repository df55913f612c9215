/** The wallet state the pages render, refreshed whenever extension storage changes. */
import browser from 'webextension-polyfill';
import { create } from 'zustand';
import type { WalletState } from '../../shared/pages';
import { call } from '../api/background';
import { firstState } from './firstState';

interface WalletStore {
  state: WalletState | null;
  refresh(): Promise<void>;
}

export const useWallet = create<WalletStore>((set) => ({
  state: null,
  refresh: async () => set({ state: await call('getState') }),
}));

browser.storage.onChanged.addListener(() => void useWallet.getState().refresh());
// A refresh after a change that came meanwhile already brought a newer state.
firstState.then(
  (state) => (useWallet.getState().state === null ? useWallet.setState({ state }) : undefined),
  () => useWallet.getState().refresh(),
);
