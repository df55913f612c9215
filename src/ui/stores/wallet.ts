/** The wallet state the pages render, refreshed whenever extension storage changes. */
import browser from 'webextension-polyfill';
import { create } from 'zustand';
import type { WalletState } from '../../shared/pages';
import { call } from '../api/background';

interface WalletStore {
  state: WalletState | null;
  refresh(): Promise<void>;
}

export const useWallet = create<WalletStore>((set) => ({
  state: null,
  refresh: async () => set({ state: await call('getState') }),
}));

browser.storage.onChanged.addListener(() => void useWallet.getState().refresh());
void useWallet.getState().refresh();
