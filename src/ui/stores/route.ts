/** Which popup screen is shown: Home, or one of the screens it opens (each has a Back button to Home). */
import { create } from 'zustand';
import type { Hex } from '../../shared/params';

export type Screen = 'home' | 'send' | 'receive' | 'accounts' | 'settings' | 'delegation' | 'networks';
export type HomeTab = 'tokens' | 'collectibles' | 'activity' | 'approvals' | 'permissions' | 'sites';

interface RouteStore {
  screen: Screen;
  /** Home's section, kept while another screen is open so Back returns to it. */
  tab: HomeTab;
  /** The token Send opens with, when a token row's Send opened it (the network's coin otherwise). */
  sendToken: Hex | null;
  go(screen: Screen): void;
  /** Opens Send with this token picked. */
  send(token: Hex): void;
  showTab(tab: HomeTab): void;
}

export const useRoute = create<RouteStore>((set) => ({
  screen: 'home',
  tab: 'tokens',
  sendToken: null,
  go: (screen) => set({ screen, sendToken: null }),
  send: (token) => set({ screen: 'send', sendToken: token }),
  showTab: (tab) => set({ tab }),
}));
