/** Which popup screen is shown: Home, or one of the screens it opens (each has a Back button to Home). */
import { create } from 'zustand';

export type Screen = 'home' | 'send' | 'receive' | 'accounts' | 'settings' | 'delegation' | 'networks';
export type HomeTab = 'tokens' | 'collectibles' | 'activity' | 'approvals' | 'permissions' | 'sites';

interface RouteStore {
  screen: Screen;
  /** Home's section, kept while another screen is open so Back returns to it. */
  tab: HomeTab;
  go(screen: Screen): void;
  showTab(tab: HomeTab): void;
}

export const useRoute = create<RouteStore>((set) => ({
  screen: 'home',
  tab: 'tokens',
  go: (screen) => set({ screen }),
  showTab: (tab) => set({ tab }),
}));
