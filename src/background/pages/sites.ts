/** The Sites screen: disconnect a site, or stop trusting one the phishing list names. */
import type { PageFamily } from './types';
import { originParam } from './params';

/** The services these pages use. */
type Uses = 'emit' | 'permissions' | 'trustedSites';

export const sitePages = {
  revokeSite: {
    parse: originParam,
    async handle(p, { services }) {
      await services.permissions.revoke(p.origin);
      await services.emit(p.origin, 'accountsChanged', []);
      return null;
    },
  },
  distrustSite: {
    parse: originParam,
    handle: async (p, { services }) => (await services.trustedSites.distrust(p.origin), null),
  },
} satisfies PageFamily<Uses>;
