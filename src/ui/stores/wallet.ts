/** The wallet state the pages render, refreshed whenever extension storage changes. */
import { create } from 'zustand';
import type { WalletState } from '../../shared/walletState';
import { call } from '../api/background';
import { onStorageChanged } from '../api/runtime';
import { changedSinceFirstState, firstState } from './firstState';

interface WalletStore {
  state: WalletState | null;
  refresh(): Promise<void>;
}

/** Refreshes numbered as they are asked for: an answer older than the one shown is dropped (they can arrive out of order). */
let asked = 0;
let shown = 0;

export const useWallet = create<WalletStore>((set) => ({
  state: null,
  async refresh() {
    const turn = ++asked;
    const state = await call('getState');
    if (turn < shown) return;
    shown = turn;
    set({ state });
  },
}));

onStorageChanged(() => void useWallet.getState().refresh());
// A refresh after a change that came meanwhile already brought a newer state.
firstState.then(
  (state) => (useWallet.getState().state === null ? useWallet.setState({ state }) : undefined),
  () => useWallet.getState().refresh(),
);
// A change before this script listened: the first state may miss it.
if (changedSinceFirstState()) void useWallet.getState().refresh();
