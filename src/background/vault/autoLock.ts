/** Locks the wallet after a configurable idle time; alarms outlive the worker, timers do not. */
import browser from 'webextension-polyfill';
import type { SettingsStorage } from '../settings/settings';

export const AUTO_LOCK_ALARM = 'auto-lock';

export async function restartIdleTimer(local: SettingsStorage): Promise<void> {
  const { autoLockMinutes } = await local.get('settings');
  await browser.alarms.create(AUTO_LOCK_ALARM, { delayInMinutes: autoLockMinutes });
}

export const stopIdleTimer = async (): Promise<void> => {
  await browser.alarms.clear(AUTO_LOCK_ALARM);
};
