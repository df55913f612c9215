/**
 * The wallet state, asked for by a page's first statement (the approval window's main.tsx imports this first): its
 * answer is on its way while React loads, and the wallet store starts from it.
 */
import type { WalletState } from '../../shared/walletState';
import { call } from '../api/background';
import { onStorageChanged } from '../api/runtime';

export const firstState: Promise<WalletState> = call('getState');

// Only whether a change came before the store listened matters: the store reads this once, as it loads.
let changed = false;
onStorageChanged(() => void (changed = true));
/**
 * Whether the wallet's storage changed since the first state was asked for (a request queued while the window
 * loaded): the store, whose own listener comes with a later script, then asks again.
 */
export const changedSinceFirstState = (): boolean => changed;
