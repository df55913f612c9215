/** Who asks, as every approval screen's header names it: Screen.tsx, and the approval window's first paint. */
import { isNotSecure } from '../../shared/secureOrigin';
import { t } from '../i18n/t';

/** The wallet's own requests (Send, Speed up, Cancel, reverts) come from the pages' own origin. */
const own = (origin: string): boolean => origin === location.origin;

export const siteName = (origin: string): string => (own(origin) ? t('extName') : origin);

/** The site's first letter as its badge: loading its favicon would fetch from the site on the wallet's behalf. */
export const siteBadge = (origin: string): string =>
  own(origin) ? 'B' : (new URL(origin).hostname.replace(/^www\./, '')[0] ?? '?').toUpperCase();

/** What the header says beside a site on plain http (anyone on the network can act as it), as browsers mark it; else nothing. */
export const siteConnection = (origin: string): string | undefined => (isNotSecure(origin) ? t('components_notSecure') : undefined);
