/** Test fixtures: a fresh Firefox with the add-on, an onboarded wallet, and the demo dapp. */
import { inject, test as base } from 'vitest';
import { DEVNET_MNEMONIC } from '../../devnet/constants';
import { DEVNET_ENV, devnetInfo, type DevnetInfo } from '../fixtures/devnetInfo';
import { FirefoxWallet } from './browser';
import { Dapp } from './pages/dapp';
import { WalletPopup } from './pages/wallet';

// e2e/fixtures/chain.ts finds the devnet in the environment, as the Playwright workers do.
process.env[DEVNET_ENV] = JSON.stringify(inject('devnet'));

/** Devnet account #0, the first account of the imported wallet. */
export const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

interface Fixtures {
  devnet: DevnetInfo;
  firefox: FirefoxWallet;
  /** The popup of a wallet imported from the devnet mnemonic: account 1 is devnet account #0. */
  wallet: WalletPopup;
  dapp: Dapp;
}

export const test = base.extend<Fixtures>({
  devnet: async ({}, use) => use(devnetInfo()),
  firefox: async ({}, use) => {
    const firefox = await FirefoxWallet.launch(inject('addonDir'));
    try {
      await use(firefox);
    } finally {
      await firefox.close();
    }
  },
  wallet: async ({ firefox }, use) => {
    const popup = await WalletPopup.open(firefox);
    await popup.importWallet(DEVNET_MNEMONIC);
    await use(popup);
  },
  dapp: async ({ firefox, devnet }, use) => use(await Dapp.open(firefox.browser, devnet.dappUrl)),
});

export { expect } from 'vitest';
