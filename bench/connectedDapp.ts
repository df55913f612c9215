/** What every bench of the wallet starts from: the devnet's phrase in the wallet, and the demo dapp connected to it. */
import type { Devnet } from '../devnet';
import { DEVNET_MNEMONIC } from '../devnet/constants';
import type { PlaywrightChromium } from '../e2e/driver/chromium/session';
import { Dapp } from '../e2e/pages/dapp';
import { connect } from '../e2e/pages/flows';
import { WalletPopup } from '../e2e/pages/wallet';

export async function connectedDapp(browser: PlaywrightChromium, devnet: Devnet): Promise<{ popup: WalletPopup; dapp: Dapp; account: string }> {
  const popup = await WalletPopup.open(browser);
  await popup.importWallet(DEVNET_MNEMONIC);
  const dapp = await Dapp.open(browser, devnet.dappUrl);
  const [account] = await connect(dapp, browser);
  return { popup, dapp, account };
}
