/**
 * Ledger accounts: in Chromium, added from the devnet's Ledger emulator (the devnet build's pages reach it in place of
 * WebHID; the devnet starts it) on the add-account page, then listed with the device badge and the devnet balance, and
 * removed from Accounts with the password; in Firefox, the page says
 * a Ledger cannot be reached from it.
 */
import { HDNodeWallet, parseEther } from 'ethers';
import type { ChromiumScreen } from '../driver/chromium/screen';
import { pictureInBothThemes } from '../fixtures/axe';
import { fund } from '../fixtures/chain';
import { expectNoOverflow } from '../fixtures/overflow';
import { ACCOUNT_0, DEVNET_MNEMONIC, expect, test } from '../fixtures/test';
import { PASSWORD, accountEntry } from '../pages/wallet';

// Ledger Live's second account: the devnet phrase's first (44'/60'/0'/0/0) is the wallet's own Account 1.
const LEDGER = HDNodeWallet.fromPhrase(DEVNET_MNEMONIC, undefined, "m/44'/60'/1'/0/0").address;

test('Chromium: a Ledger account added from the device is listed with its badge and its devnet balance, then removed with the password', async ({ wallet, session, devnet }) => {
  test.skip(session.name !== 'chromium', 'Firefox has no WebHID');
  await fund(LEDGER, parseEther('1.5'), 0n);
  // The devnet's emulator as it starts: unlocked, the Ethereum app open.
  await fetch(`${devnet.ledgerEmulatorUrl}/state`, { method: 'POST', body: JSON.stringify({ reset: true }) });
  await wallet.screen.click('Switch account');
  await wallet.screen.click('Add a Ledger account');
  const page = await session.nextExtensionPage('popup.html?page=addLedger');
  await page.click('Connect your Ledger');
  await page.waitForText({ role: 'button', name: `Pick ${LEDGER}` }, `m/44'/60'/1'/0/0${LEDGER}1.5 ETH`);
  await page.click(`Pick ${LEDGER}`);
  await page.fill(`Name of ${LEDGER}`, 'Cold');
  await page.fill('Password', PASSWORD);
  // The README's picture (`npm run screens`), in both themes, after the page is checked at the popup's sizes too.
  await expectNoOverflow(page, 'add-ledger-account');
  await page.setSize(720, 720);
  await pictureInBothThemes((page as ChromiumScreen).page, 'add-ledger-account');
  await page.click('Add 1 account');
  await page.waitForText('Added accounts', 'Added Cold. You can close this tab.');
  await wallet.screen.click('Back');
  await wallet.screen.waitForText('Account name', 'Cold');
  await wallet.screen.waitForText('Ledger account', 'Ledger');
  await wallet.screen.waitForText('Balance', '1.5 ETH');
  expect(await wallet.accounts()).toEqual([accountEntry('Account 1', ACCOUNT_0), `${accountEntry('Cold', LEDGER)} Ledger`]);

  // Removed (it is selected): gone from the list, the phrase's account selected again.
  await wallet.screen.click('Switch account');
  await wallet.screen.click('Remove account');
  await wallet.screen.fill('Password', PASSWORD);
  await wallet.screen.click('Remove');
  await wallet.screen.waitForCount({ role: 'button', name: 'Remove account' }, 0);
  await wallet.screen.click('Back');
  await wallet.screen.waitForText('Account name', 'Account 1');
  expect(await wallet.accounts()).toEqual([accountEntry('Account 1', ACCOUNT_0)]);
});

test('Firefox: the add-account page says a Ledger cannot be reached from it, with no Connect button', async ({ wallet, session }) => {
  test.skip(session.name !== 'firefox', 'Chromium has WebHID');
  await wallet.screen.waitFor('Selected account');
  const page = await session.openExtensionPage('popup.html?page=addLedger');
  await page.waitForText({ role: 'alert' }, 'This browser has no WebHID, which a Ledger needs: use Ledger accounts in Chrome, Edge or Brave.');
  expect(await page.count({ role: 'button', name: 'Connect your Ledger' })).toBe(0);
});
