/**
 * MetaMask compatibility: whether a site's provider says `isMetaMask: true`, so dapps that gate on it work. On by
 * default; the user turns it off for every site or for one, and a site's own choice wins over the global one.
 */
import type { PageSettings } from '../../shared/protocol';
import type { SettingsStorage } from './settings';

export async function pageSettings(settings: Pick<SettingsStorage, 'get'>, origin: string): Promise<PageSettings> {
  const { global, sites } = await settings.get('metaMaskCompatibility');
  return { isMetaMask: Object.hasOwn(sites, origin) ? sites[origin] : global };
}

/** `origin` absent: the global switch; `enabled` null: the site follows the global switch again. */
export async function setMetaMaskCompatibility(settings: Pick<SettingsStorage, 'update'>, origin: string | undefined, enabled: boolean | null): Promise<void> {
  await settings.update('metaMaskCompatibility', ({ global, sites }) => {
    if (origin === undefined) return { global: enabled ?? true, sites };
    const { [origin]: _previous, ...others } = sites;
    return { global, sites: enabled === null ? others : { ...others, [origin]: enabled } };
  });
}
