/** Accounts in the popup: rename, import a private key (it signs), reveal the phrase after the password, change the password. */
import { Wallet, parseEther, verifyMessage } from 'ethers';
import { fund } from '../fixtures/chain';
import { ACCOUNT_0, DEVNET_MNEMONIC, expect, ONE_BROWSER, test } from '../fixtures/test';
import { ApprovalWindow } from '../pages/approval';
import { connect } from '../pages/flows';
import { PASSWORD, accountEntry } from '../pages/wallet';

test('an imported private key becomes its own account, selected, and signs for a dapp', async ({ wallet, dapp, session }) => {
  const imported = Wallet.createRandom();
  await fund(imported.address, parseEther('1'), 0n);
  await wallet.screen.click('Switch account');
  await wallet.screen.click('Import private key');
  await wallet.screen.fill('Private key', imported.privateKey);
  await wallet.screen.fill('Password', 'wrong password');
  await wallet.screen.click('Import');
  await wallet.screen.waitForText({ role: 'alert', in: 'Import private key' }, 'Incorrect password');
  await wallet.screen.fill('Password', PASSWORD);
  await wallet.screen.click('Import');
  await wallet.screen.waitForText('Account name', 'Imported 1');
  expect(await wallet.accounts()).toEqual([accountEntry('Account 1', ACCOUNT_0), accountEntry('Imported 1', imported.address)]);

  const [from] = await connect(dapp, session);
  expect(from.toLowerCase()).toBe(imported.address.toLowerCase());
  const signing = dapp.request('personal_sign', ['0x48656c6c6f', from]);
  await (await ApprovalWindow.next(session)).sign();
  const signed = await signing;
  if (!('result' in signed)) throw new Error(JSON.stringify(signed.error));
  expect(verifyMessage('Hello', signed.result as string)).toBe(imported.address);

  // The phrase's next account is still Account 2 (index 1), not shifted by the imported one.
  await wallet.addAccount();
  expect((await wallet.accounts())[2]).toBe(accountEntry('Account 2', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'));
});

test('rename an account; reveal the phrase only after the password', ONE_BROWSER, async ({ wallet }) => {
  await wallet.screen.click('Switch account');
  await wallet.screen.fill('Account name', 'Savings');
  await wallet.screen.click('Rename');
  await wallet.screen.waitFor({ role: 'button', name: accountEntry('Savings', ACCOUNT_0) });
  await wallet.screen.click('Back');
  await wallet.screen.waitForText('Account name', 'Savings');

  await wallet.screen.click('Settings');
  await wallet.screen.fill('Password', 'wrong password');
  await wallet.screen.click('Reveal phrase');
  await wallet.screen.waitForText({ role: 'alert', in: 'Reveal recovery phrase' }, 'Incorrect password');
  await wallet.screen.fill('Password', PASSWORD);
  await wallet.screen.click('Reveal phrase');
  const words = await wallet.screen.texts({ role: 'listitem', in: { role: 'list', name: 'Your secret recovery phrase' } });
  expect(words.join(' ')).toBe(DEVNET_MNEMONIC);
});

test('change the password: the new one unlocks, the old one no longer does', ONE_BROWSER, async ({ wallet }) => {
  const next = 'a new password 42';
  await wallet.screen.click('Settings');
  await wallet.screen.fill('Current password', PASSWORD);
  await wallet.screen.fill('New password', next);
  await wallet.screen.fill('Confirm new password', next);
  await wallet.screen.click('Change password');
  await wallet.screen.waitForText({ role: 'alert', in: 'Change password' }, 'Password changed.');
  await wallet.screen.click('Back');
  await wallet.lock();
  await wallet.screen.fill('Password', PASSWORD);
  await wallet.screen.click('Unlock');
  await wallet.screen.waitForText({ role: 'alert' }, 'Incorrect password');
  await wallet.unlock(next);
  expect(await wallet.address()).toBe(ACCOUNT_0);
});
