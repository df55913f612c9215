/** The Settings screen: auto-lock, and whether sites' providers say isMetaMask. */
import { invalidParams } from '../../shared/errors';
import { setMetaMaskCompatibility } from '../settings/compatibility';
import { fields, text } from './params';
import type { PageFamily } from './types';

export const settingPages = {
  setAutoLock: {
    parse(params) {
      const { minutes } = fields(params);
      if (!Number.isInteger(minutes) || (minutes as number) < 1) throw invalidParams('Auto-lock needs a whole number of minutes, at least 1');
      return { minutes: minutes as number };
    },
    async handle({ minutes }, { services }) {
      await services.settings.update('settings', (s) => ({ ...s, autoLockMinutes: minutes }));
      return null;
    },
  },
  setMetaMaskCompatibility: {
    parse(params) {
      const { origin, enabled } = fields(params);
      if (enabled !== null && typeof enabled !== 'boolean') throw invalidParams('enabled must be true, false or null');
      return { origin: origin === undefined ? undefined : text(origin, 'origin'), enabled };
    },
    async handle({ origin, enabled }, { services }) {
      await setMetaMaskCompatibility(services.settings, origin, enabled);
      return null;
    },
  },
} satisfies PageFamily;
