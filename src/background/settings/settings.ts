/** The user's settings. */
import type { MetaMaskCompatibility } from '../../shared/walletState';
import type { TypedStorage } from '../storage/typedStorage';

/** The longest auto-lock, a week (MetaMask's too): longer, a deadline may be past any date an alarm can be set for. */
export const MAX_AUTO_LOCK_MINUTES = 7 * 24 * 60;

export interface Settings {
  /** 1 to MAX_AUTO_LOCK_MINUTES. */
  autoLockMinutes: number;
  /** eth_getLogs block ranges wider than this are refused before reaching the node. */
  logsBlockRangeLimit: number;
  /** Where a newer phishing list is fetched from (https); absent: eth-phishing-detect's repository. */
  phishingListUrl?: string;
}

export interface SettingsSlice {
  settings: Settings;
  /** A key of its own, so settings stored before it need no migration. */
  metaMaskCompatibility: MetaMaskCompatibility;
}
export const SETTINGS_DEFAULTS: SettingsSlice = {
  settings: { autoLockMinutes: 15, logsBlockRangeLimit: 2000 },
  metaMaskCompatibility: { global: true, sites: {} },
};

export type SettingsStorage = TypedStorage<SettingsSlice>;

/**
 * The eth_getLogs block range limit, when the stored one is a whole number of blocks; else the default. A content
 * script can write storage.local (Firefox): one BigInt cannot read made every site's log query throw.
 */
export const logsRangeLimit = ({ logsBlockRangeLimit: stored }: Settings): number =>
  Number.isSafeInteger(stored) && stored >= 0 ? stored : SETTINGS_DEFAULTS.settings.logsBlockRangeLimit;
