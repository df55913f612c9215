import { resolve } from 'node:path';
import { startDevnet } from '../devnet';
import { PlaywrightChromium } from '../e2e/driver/chromium/session';
import { Dapp } from '../e2e/pages/dapp';
import { connect } from '../e2e/pages/flows';
import { WalletPopup } from '../e2e/pages/wallet';
import { untilMarks } from './approvalMarks';
import { report } from './figures';
const devnet = await startDevnet();
const browser = await PlaywrightChromium.launch(resolve(import.meta.dirname, '../dist/chrome'));
try {
  const popup = await WalletPopup.open(browser);
  await popup.importWallet('test test test test test test test test test test test junk');
  const dapp = await Dapp.open(browser, devnet.dappUrl);
  const [account] = await connect(dapp, browser);
  const marks = ['navigation', 'nav:fetchStart', 'nav:responseEnd', 'approval-script', 'nav:domInteractive', 'approval-state', 'approval-painted', 'approval-shown'];
  const samples = await untilMarks(browser, dapp, marks, 'personal_sign', ['0x68656c6c6f', account]);
  marks.forEach((m, i) => report(m, samples[i]));
} finally {
  await browser.close();
  await devnet.stop();
}
