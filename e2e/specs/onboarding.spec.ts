/** Onboarding: create (phrase shown once and confirmed) or import; unlock with the password only. */
import { WalletPopup, PASSWORD, unlock } from '../pages/wallet';
import { expect, test, DEVNET_MNEMONIC } from '../fixtures/test';

test('import a recovery phrase: account 1 is the phrase’s first address', async ({ extension }) => {
  const popup = await WalletPopup.open(extension.context, extension.extensionId);
  await popup.importWallet(DEVNET_MNEMONIC);
  expect(await popup.address()).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
  await popup.page.getByRole('button', { name: 'Add account' }).click();
  await expect(popup.page.getByLabel('Account')).toContainText('0x709979');
});

test('create a wallet: 12 words shown once, two confirmed, then a password', async ({ extension }) => {
  const popup = await WalletPopup.open(extension.context, extension.extensionId);
  const page = popup.page;
  await page.getByRole('button', { name: 'Create a new wallet' }).click();
  const words = await page.getByRole('list', { name: 'Your secret recovery phrase' }).getByRole('listitem').allInnerTexts();
  expect(words).toHaveLength(12);
  await page.getByRole('button', { name: 'I wrote it down' }).click();
  for (const input of await page.getByLabel(/^Word #\d+$/).all()) {
    const position = Number((await input.evaluate((el) => el.parentElement!.textContent))!.match(/#(\d+)/)![1]);
    await input.fill(words[position - 1]);
  }
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm password').fill('short');
  await page.getByRole('button', { name: 'Create wallet' }).click();
  await expect(page.getByRole('alert')).toHaveText('The password needs at least 8 characters');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create wallet' }).click();
  await expect(page.getByLabel('Address')).toHaveText(/^0x[0-9a-fA-F]{40}$/);
});

test('a locked wallet opens only with the right password', async ({ wallet }) => {
  await wallet.lock();
  await unlock(wallet.page, 'wrong password');
  await expect(wallet.page.getByRole('alert')).toHaveText('Incorrect password');
  await wallet.unlock();
  expect(await wallet.address()).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
});
