/** Test fixtures: a fresh Firefox with the add-on, an onboarded wallet, and the demo dapp. */
import { Wallet, parseEther } from 'ethers';
import { inject, test as base } from 'vitest';
import { DEVNET_MNEMONIC } from '../../devnet/constants';
import { fund } from '../fixtures/chain';
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
  /** A wallet imported from a new random phrase; its first account holds 1 ETH and 1,000 TST and has no code. */
  freshWallet: FreshWallet;
  dapp: Dapp;
}

export interface FreshWallet {
  popup: WalletPopup;
  address: string;
}

/** Funds a new random account with `eth` and `tst` (wei), then imports its phrase into the add-on. */
export async function importFreshWallet(firefox: FirefoxWallet, eth: bigint, tst: bigint): Promise<FreshWallet> {
  const account = Wallet.createRandom();
  await fund(account.address, eth, tst);
  const popup = await WalletPopup.open(firefox);
  await popup.importWallet(account.mnemonic!.phrase);
  return { popup, address: account.address };
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
  freshWallet: async ({ firefox }, use) => use(await importFreshWallet(firefox, parseEther('1'), parseEther('1000'))),
  dapp: async ({ firefox, devnet }, use) => use(await Dapp.open(firefox.browser, devnet.dappUrl)),
});

export { expect } from 'vitest';
