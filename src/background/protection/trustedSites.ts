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

export function createTrustedSites(local: TypedStorage<TrustedSitesSlice>): TrustedSites {
  return {
    isTrusted: async (origin) => (await local.get('phishingListTrusted')).includes(origin),
    list: () => local.get('phishingListTrusted'),
    async trust(origin) {
      await local.update('phishingListTrusted', (all) => (all.includes(origin) ? all : [...all, origin]));
    },
    async distrust(origin) {
      await local.update('phishingListTrusted', (all) => all.filter((o) => o !== origin));
    },
  };
}
