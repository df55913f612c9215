/**
 * MetaMask compatibility: whether a site's provider says `isMetaMask: true`, so dapps that gate on it work. On by
 * default; the user turns it off for every site or for one, and a site's own choice wins over the global one.
 */
import { isObject } from '../../shared/isObject';
import type { PageSettings } from '../../shared/protocol';
import type { MetaMaskCompatibility } from '../../shared/walletState';
import type { SettingsStorage } from './settings';

/**
 * The choices stored, of each only a yes or no: storage.local is writable by content scripts (Firefox), and a record of
 * the right kind may hold anything (sites planted as null made the popup's Sites and a site's choice throw).
 */
function readChoices({ global, sites }: MetaMaskCompatibility): MetaMaskCompatibility {
  const choices = isObject(sites) ? Object.entries(sites).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean') : [];
  return { global: typeof global === 'boolean' ? global : true, sites: Object.fromEntries(choices) };
}

/** The global switch and each site's choice, as the popup shows them. */
export const metaMaskCompatibility = async (settings: Pick<SettingsStorage, 'get'>): Promise<MetaMaskCompatibility> =>
  readChoices(await settings.get('metaMaskCompatibility'));

export async function pageSettings(settings: Pick<SettingsStorage, 'get'>, origin: string): Promise<PageSettings> {
  const { global, sites } = await metaMaskCompatibility(settings);
  return { isMetaMask: Object.hasOwn(sites, origin) ? sites[origin] : global };
}

/** `origin` absent: the global switch; `enabled` null: the site follows the global switch again. */
export async function setMetaMaskCompatibility(settings: Pick<SettingsStorage, 'update'>, origin: string | undefined, enabled: boolean | null): Promise<void> {
  await settings.update('metaMaskCompatibility', (stored) => {
    const { global, sites } = readChoices(stored);
    if (origin === undefined) return { global: enabled ?? true, sites };
    const { [origin]: _previous, ...others } = sites;
    return { global, sites: enabled === null ? others : { ...others, [origin]: enabled } };
  });
}
