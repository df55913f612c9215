/**
 * Reaching a Ledger from an extension page (the service worker never touches HID). WebHID only: Firefox has none, and
 * says so as an error value rather than a half-working path. The transport and the app's code load on first use.
 */
import { ledgerError, ledgerErrorOf } from './errors';
import type { LedgerEth } from './eth';
import type { LedgerResult } from './types';

/** `navigator.hid`: Chromium-based browsers have it, Firefox does not. */
export const hasWebHid = (nav: object = globalThis.navigator): boolean => 'hid' in nav && Boolean(nav.hid);

/**
 * Opens the device: `choose` shows the browser's chooser (a click's page, the first time), `known` opens a device the
 * browser already lets this extension reach, with no chooser (the approval window's "Confirm on your Ledger").
 */
export async function connectLedger(how: 'choose' | 'known' = 'choose', nav: object = globalThis.navigator): Promise<LedgerResult<LedgerEth>> {
  if (!hasWebHid(nav)) return { ok: false, error: ledgerError('noWebHid') };
  try {
    // Ledger's transports use Node's Buffer as a global; an extension page has none.
    globalThis.Buffer ??= (await import('buffer')).Buffer;
    const [{ default: TransportWebHID }, { LedgerEth }] = await Promise.all([import('@ledgerhq/hw-transport-webhid'), import('./eth')]);
    const transport = how === 'choose' ? await TransportWebHID.create() : await TransportWebHID.openConnected();
    return transport ? { ok: true, value: new LedgerEth(transport) } : { ok: false, error: ledgerError('noDevice') };
  } catch (e) {
    return { ok: false, error: ledgerErrorOf(e) };
  }
}
