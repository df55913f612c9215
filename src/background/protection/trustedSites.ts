/** Sites on the phishing list the user chose to trust anyway ("Continue anyway"), by origin, kept across restarts. */
import type { TypedStorage } from '../storage/typedStorage';

export interface TrustedSitesSlice {
  /** Origins (scheme, host and port): trusting one does not trust its other ports or subdomains. */
  phishingListTrusted: string[];
}
export const TRUSTED_SITES_DEFAULTS: TrustedSitesSlice = { phishingListTrusted: [] };

export interface TrustedSites {
  isTrusted(origin: string): Promise<boolean>;
  list(): Promise<string[]>;
  trust(origin: string): Promise<void>;
  /** The user takes the trust back: the site's requests are held behind the warning again. */
  distrust(origin: string): Promise<void>;
}

/**
 * The list's text items. A content script can write storage.local (Firefox): an object among them reached the popup's
 * Sites, which threw rendering it, and no Stop trusting could name it.
 */
const origins = (stored: string[]): string[] => stored.filter((o: unknown) => typeof o === 'string');

export function createTrustedSites(local: TypedStorage<TrustedSitesSlice>): TrustedSites {
  const list = async () => origins(await local.get('phishingListTrusted'));
  return {
    isTrusted: async (origin) => (await list()).includes(origin),
    list,
    async trust(origin) {
      await local.update('phishingListTrusted', (all) => (all.includes(origin) ? all : [...origins(all), origin]));
    },
    async distrust(origin) {
      await local.update('phishingListTrusted', (all) => origins(all).filter((o) => o !== origin));
    },
  };
}
