/** The user's settings. */
import type { TypedStorage } from '../storage/typedStorage';

export interface Settings {
  autoLockMinutes: number;
  /** eth_getLogs block ranges wider than this are refused before reaching the node. */
  logsBlockRangeLimit: number;
}

export interface SettingsSlice {
  settings: Settings;
}
export const SETTINGS_DEFAULTS: SettingsSlice = { settings: { autoLockMinutes: 15, logsBlockRangeLimit: 2000 } };

export type SettingsStorage = TypedStorage<SettingsSlice>;
