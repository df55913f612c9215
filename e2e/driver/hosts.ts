/**
 * A host name both browsers resolve to this machine (Chromium's host-resolver rules, Firefox's localDomains): a page
 * served from it over plain http is not a secure context, as a dapp on a LAN address or `http://shop.test` is not
 * (every `*.localhost` counts as secure).
 */
export const PLAIN_HTTP_HOST = 'dapp.test';

/** A subdomain of PLAIN_HTTP_HOST, resolved the same way: another origin of the same site (its frames share the site's limits). */
export const PLAIN_HTTP_SUBDOMAIN = `sub.${PLAIN_HTTP_HOST}`;
