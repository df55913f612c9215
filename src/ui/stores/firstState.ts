/**
 * The wallet state, asked for by a page's first statement (the approval window's main.tsx imports this first): its
 * answer is on its way while React loads, and the wallet store starts from it.
 */
import type { WalletState } from '../../shared/pages';
import { call } from '../api/background';

export const firstState: Promise<WalletState> = call('getState');
