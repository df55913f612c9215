import type { ApprovalType, ApprovalViewOf } from '../../shared/approvals';
import type { WalletState } from '../../shared/walletState';

/** What every approval screen gets: its request, typed by its approval type, and the wallet's state. */
export type ScreenProps<T extends ApprovalType> = { approval: ApprovalViewOf<T>; state: WalletState };
