import { describe, expect, it } from 'vitest';
import { memoryBackend, typedStorage } from '../storage/typedStorage';
import type { MetaMaskCompatibility } from '../../shared/walletState';
import { metaMaskCompatibility, pageSettings, setMetaMaskCompatibility } from './compatibility';
import { SETTINGS_DEFAULTS } from './settings';

const SITE = 'https://app.example';
const OTHER = 'https://other.example';

describe('MetaMask compatibility', () => {
  it('is on by default; a site’s own choice wins over the global one until it is cleared', async () => {
    const backend = memoryBackend();
    const settings = typedStorage(backend, SETTINGS_DEFAULTS);
    expect(await pageSettings(settings, SITE)).toEqual({ isMetaMask: true });
    await setMetaMaskCompatibility(settings, SITE, false);
    expect([await pageSettings(settings, SITE), await pageSettings(settings, OTHER)]).toEqual([{ isMetaMask: false }, { isMetaMask: true }]);
    await setMetaMaskCompatibility(settings, undefined, false);
    await setMetaMaskCompatibility(settings, OTHER, true);
    expect([await pageSettings(settings, SITE), await pageSettings(settings, OTHER)]).toEqual([{ isMetaMask: false }, { isMetaMask: true }]);
    await setMetaMaskCompatibility(settings, OTHER, null);
    expect(await pageSettings(settings, OTHER)).toEqual({ isMetaMask: false });
    // Persisted: a new view of the same storage (a restarted worker) reads the same choices.
    expect(await typedStorage(backend, SETTINGS_DEFAULTS).get('metaMaskCompatibility')).toEqual({ global: false, sites: { [SITE]: false } });
  });
});

describe('MetaMask compatibility a content script planted (storage.local, Firefox)', () => {
  const planted = async (value: unknown) => {
    const settings = typedStorage(memoryBackend(), SETTINGS_DEFAULTS);
    await settings.set('metaMaskCompatibility', value as MetaMaskCompatibility);
    return settings;
  };

  it('reads as the choices it holds of the right kind, so Sites and Settings still open: sites planted as null reached the popup, whose list of sites threw', async () => {
    const settings = await planted({ global: 'no', sites: null });
    expect(await metaMaskCompatibility(settings)).toEqual({ global: true, sites: {} });
    const mixed = await planted({ global: false, sites: { [SITE]: 'off', [OTHER]: false } });
    expect(await metaMaskCompatibility(mixed)).toEqual({ global: false, sites: { [OTHER]: false } });
    expect(await pageSettings(mixed, SITE)).toEqual({ isMetaMask: false });
  });

  it('still lets the user choose for a site: the choice threw on sites planted as null, until the wallet was reset', async () => {
    const settings = await planted({ global: true, sites: null });
    await setMetaMaskCompatibility(settings, SITE, false);
    expect(await pageSettings(settings, SITE)).toEqual({ isMetaMask: false });
    await setMetaMaskCompatibility(settings, undefined, false);
    expect(await settings.get('metaMaskCompatibility')).toEqual({ global: false, sites: { [SITE]: false } });
  });
});
