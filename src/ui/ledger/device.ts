/**
 * Reaching a Ledger from an extension page (the service worker never touches HID). WebHID only: Firefox has none, and
 * says so as an error value rather than a half-working path. The transport and the app's code load on first use.
 */
import { ledgerError, ledgerErrorOf } from './errors';
import type { LedgerEth } from './eth';
import type { LedgerResult } from './types';

/** Asks the browser for the device (its chooser the first time), opens it and reads the Ethereum app through it. */
export async function connectLedger(nav: object = globalThis.navigator): Promise<LedgerResult<LedgerEth>> {
  // `navigator.hid`: Chromium-based browsers have it, Firefox does not.
  if (!('hid' in nav) || !nav.hid) return { ok: false, error: ledgerError('noWebHid') };
  try {
    // Ledger's transports use Node's Buffer as a global; an extension page has none.
    globalThis.Buffer ??= (await import('buffer')).Buffer;
    const [{ default: TransportWebHID }, { LedgerEth }] = await Promise.all([import('@ledgerhq/hw-transport-webhid'), import('./eth')]);
    return { ok: true, value: new LedgerEth(await TransportWebHID.create()) };
  } catch (e) {
    return { ok: false, error: ledgerErrorOf(e) };
  }
}
