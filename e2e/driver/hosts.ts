/**
 * A host name both browsers resolve to this machine (Chromium's host-resolver rules, Firefox's localDomains): a page
 * served from it over plain http is not a secure context, as a dapp on a LAN address or `http://shop.test` is not
 * (every `*.localhost` counts as secure).
 */
export const PLAIN_HTTP_HOST = 'dapp.test';
