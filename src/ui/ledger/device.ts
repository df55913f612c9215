/**
 * Reaching a Ledger from an extension page (the service worker never touches HID). WebHID only: Firefox has none, and
 * says so as an error value rather than a half-working path. The transport and the app's code load on first use.
 */
import type Transport from '@ledgerhq/hw-transport';
import { ledgerError, ledgerErrorOf } from './errors';
import type { LedgerEth } from './eth';
import type { LedgerResult } from './types';

declare const __DEVNET_BUILD__: boolean;

/** `navigator.hid`: Chromium-based browsers have it, Firefox does not. */
export const hasWebHid = (nav: object = globalThis.navigator): boolean => 'hid' in nav && Boolean(nav.hid);

/**
 * Opens the device: `choose` shows the browser's chooser (a click's page, the first time), `known` opens a device the
 * browser already lets this extension reach, with no chooser (the approval window's "Confirm on your Ledger").
 * `emulatorUrl`: where the devnet build looks for the devnet's emulator (by default `LEDGER_EMULATOR_URL`).
 */
export async function connectLedger(how: 'choose' | 'known' = 'choose', nav: object = globalThis.navigator, emulatorUrl?: string): Promise<LedgerResult<LedgerEth>> {
  // The emulator stands in for WebHID only where it exists.
  if (!hasWebHid(nav)) return { ok: false, error: ledgerError('noWebHid') };
  try {
    // Ledger's transports use Node's Buffer as a global; an extension page has none.
    globalThis.Buffer ??= (await import('buffer')).Buffer;
    const [transport, { LedgerEth }] = await Promise.all([opened(how, emulatorUrl), import('./eth')]);
    return transport ? { ok: true, value: new LedgerEth(transport) } : { ok: false, error: ledgerError('noDevice') };
  } catch (e) {
    return { ok: false, error: ledgerErrorOf(e) };
  }
}

async function opened(how: 'choose' | 'known', emulatorUrl: string | undefined): Promise<Transport | null> {
  // The devnet build's seam (docs/ledger.md "The emulator"): the devnet's emulator when it answers, else WebHID. The
  // production build's `__DEVNET_BUILD__` is false, so this branch and the module it loads are left out of it.
  if (__DEVNET_BUILD__) {
    const emulator = await (await import('./emulatorTransport')).emulatorTransport(emulatorUrl);
    if (emulator) return emulator;
  }
  const { default: TransportWebHID } = await import('@ledgerhq/hw-transport-webhid');
  return how === 'choose' ? TransportWebHID.create() : TransportWebHID.openConnected();
}
