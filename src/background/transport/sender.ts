import type browser from 'webextension-polyfill';

/** The requesting page's origin, as the browser reports it (Firefox may give only the URL). */
export function originOf(sender: browser.Runtime.MessageSender): string | null {
  const withOrigin = sender as browser.Runtime.MessageSender & { origin?: string };
  if (withOrigin.origin) return withOrigin.origin;
  if (!sender.url) return null;
  try {
    return new URL(sender.url).origin;
  } catch {
    return null;
  }
}
