/** Onboarding: create (phrase shown once and confirmed) or import; unlock with the password only. */
import { ACCOUNT_0, ACCOUNT_1, DEVNET_MNEMONIC, expect, ONE_BROWSER, test } from '../fixtures/test';
import { PASSWORD, WalletPopup, accountEntry, submitUnlock } from '../pages/wallet';

test('import a recovery phrase: account 1 is the phrase’s first address', async ({ session }) => {
  const popup = await WalletPopup.open(session);
  await popup.importWallet(DEVNET_MNEMONIC);
  expect(await popup.address()).toBe(ACCOUNT_0);
  await popup.addAccount();
  expect(await popup.accounts()).toEqual([accountEntry('Account 1', ACCOUNT_0), accountEntry('Account 2', ACCOUNT_1)]);
});

test('create a wallet: 12 words shown once, two confirmed, then a password', async ({ session }) => {
  const popup = await WalletPopup.open(session);
  const { screen } = popup;
  await screen.click('Create a new wallet');
  await screen.waitFor({ role: 'list', name: 'Your secret recovery phrase' });
  const words = await screen.texts({ role: 'listitem', in: { role: 'list', name: 'Your secret recovery phrase' } });
  expect(words).toHaveLength(12);
  await screen.click('I wrote it down');
  await screen.waitForCount({ role: 'list', name: 'Your secret recovery phrase' }, 0);
  // The screen asks for two of the words, by their position.
  const asked: number[] = [];
  for (let position = 1; position <= 12; position++) {
    if ((await screen.count(`Word #${position}`)) === 0) continue;
    await screen.fill(`Word #${position}`, words[position - 1]);
    asked.push(position);
  }
  expect(asked).toHaveLength(2);
  await screen.fill('Password', 'short');
  await screen.fill('Confirm password', 'short');
  await screen.click('Create wallet');
  await screen.waitForText({ role: 'alert' }, 'The password needs at least 8 characters');
  await screen.fill('Password', PASSWORD);
  await screen.fill('Confirm password', PASSWORD);
  await screen.click('Create wallet');
  await screen.waitFor({ role: 'button', name: 'Lock' });
  expect(await popup.address()).toMatch(/^0x[0-9a-fA-F]{40}$/);
});

test('a locked wallet opens only with the right password', ONE_BROWSER, async ({ wallet }) => {
  await wallet.lock();
  await submitUnlock(wallet.screen, 'wrong password');
  await wallet.screen.waitForText({ role: 'alert' }, 'Incorrect password');
  await wallet.unlock();
  expect(await wallet.address()).toBe(ACCOUNT_0);
});

test('after three wrong passwords the popup says when it can try again, and opens with the right one after that', ONE_BROWSER, async ({ wallet }) => {
  await wallet.lock();
  for (let i = 0; i < 3; i++) await submitUnlock(wallet.screen, `wrong password ${i}`);
  await wallet.screen.waitForText('Unlock wait', /^Too many wrong passwords\. You can try again at .+\.$/);
  // The button stays disabled until then; the click waits for it.
  await wallet.unlock();
  expect(await wallet.address()).toBe(ACCOUNT_0);
});
