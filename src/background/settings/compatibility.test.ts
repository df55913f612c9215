import { describe, expect, it } from 'vitest';
import { memoryBackend, typedStorage } from '../storage/typedStorage';
import { pageSettings, setMetaMaskCompatibility } from './compatibility';
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
