/** Runs in the page's MAIN world: creates the provider, announces it (EIP-6963), and sets window.ethereum if free. */
import { InpageProvider } from './provider';
import { WALLET_ICON, WALLET_NAME, WALLET_RDNS } from '../shared/brand';
import { randomId } from '../shared/randomId';

// Firefox runs the content scripts again in the open tabs when the add-on restarts (update,
// reload). The provider already in such a page keeps working through the new content script, so
// a second one would only make the page list the wallet twice (EIP-6963).
const INSTALLED = Symbol.for('batchwallet:inpage');

function install(): void {
  const provider = new InpageProvider();
  // The uuid is made when a page first reads it: a frame's first use of crypto costs it ~0.1 ms, and most frames
  // (ads, embeds) never read it.
  let uuid: string | undefined;
  const info = Object.freeze({
    get uuid(): string {
      return (uuid ??= randomId());
    },
    name: WALLET_NAME,
    icon: WALLET_ICON,
    rdns: WALLET_RDNS,
  });
  const detail = Object.freeze({ info, provider });

  const announce = (): void => {
    window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
  };
  window.addEventListener('eip6963:requestProvider', announce);
  announce();

  const page = window as unknown as { ethereum?: unknown };
  if (page.ethereum === undefined) page.ethereum = provider;
}

if (!(INSTALLED in window)) {
  Object.defineProperty(window, INSTALLED, { value: true });
  install();
}
