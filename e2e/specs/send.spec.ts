/** Send and Receive from the popup: ETH and TST move, reviewed in the same approval window as a dapp's transaction. */
import { Wallet, parseEther } from 'ethers';
import { chain, token } from '../fixtures/chain';
import { expect, ONE_BROWSER, test } from '../fixtures/test';
import { ApprovalWindow } from '../pages/approval';
import { SendScreen } from '../pages/send';
import { accountEntry } from '../pages/wallet';

test('send ETH: reviewed in the approval window with the fee tiers of a dapp transaction; the recipient gets it and the balance drops', async ({ freshWallet, session }) => {
  const { popup, address } = freshWallet;
  await popup.screen.waitForText('Balance', '1 ETH');
  const recipient = Wallet.createRandom().address;
  const send = await SendScreen.open(popup.screen);
  await send.recipient(recipient);
  await send.amount('0.25');
  await send.waitForFee();
  await send.review();
  const approval = await ApprovalWindow.next(session);
  await approval.screen.waitForText('To', recipient);
  await approval.screen.waitForText('Value', '0.25 ETH');
  // Like a dapp's eth_sendTransaction that sets no fees: the tier is the user's choice here, not a fixed fee.
  await approval.chooseFee('Aggressive');
  await approval.screen.waitForText('Fee', /^Fee up to .+ ETH \(Aggressive\)$/);
  await approval.approve();
  await expect.poll(() => chain().getBalance(recipient)).toBe(parseEther('0.25'));
  await popup.screen.waitForText('Balance', /^0\.749\d* ETH$/);
  await popup.waitForOnlyActivityStatus('Confirmed');
  expect(await chain().getBalance(address)).toBeLessThan(parseEther('0.75'));
});

test('rejecting the review sends nothing', ONE_BROWSER, async ({ freshWallet, session }) => {
  const { popup, address } = freshWallet;
  const before = await chain().getBalance(address);
  const recipient = Wallet.createRandom().address;
  const send = await SendScreen.open(popup.screen);
  await send.recipient(recipient);
  await send.amount('0.1');
  await send.waitForFee();
  await send.review();
  const approval = await ApprovalWindow.next(session);
  await approval.screen.waitFor({ role: 'radio', name: /^Market: up to / });
  await approval.reject();
  await popup.showSection('Activity');
  await popup.screen.waitForText({ role: 'region', name: 'Activity' }, 'No activity yet.');
  expect(await chain().getBalance(recipient)).toBe(0n);
  expect(await chain().getBalance(address)).toBe(before);
});

test('send TST to an address: the token moves; Max sends all of it', ONE_BROWSER, async ({ freshWallet, session, devnet }) => {
  const { popup, address } = freshWallet;
  await popup.addToken(devnet.addresses.testToken);
  await popup.waitForTokenBalance('TST', '1,000 TST');
  const recipient = Wallet.createRandom().address;
  let send = await SendScreen.open(popup.screen);
  await send.chooseAsset('TST');
  await send.recipient(recipient.toLowerCase());
  await send.amount('12.5');
  await send.waitForFee();
  await send.review();
  await (await ApprovalWindow.next(session)).approve();
  await expect.poll(() => token().balanceOf(recipient)).toBe(parseEther('12.5'));
  await popup.waitForTokenBalance('TST', '987.5 TST');

  send = await SendScreen.open(popup.screen);
  await send.chooseAsset('TST');
  await send.recipient(recipient);
  await send.max();
  await send.review();
  await (await ApprovalWindow.next(session)).approve();
  await expect.poll(() => token().balanceOf(address)).toBe(0n);
});

test('Max leaves the fee: everything else of the ETH goes out', ONE_BROWSER, async ({ freshWallet, session }) => {
  const { popup, address } = freshWallet;
  const recipient = Wallet.createRandom().address;
  const send = await SendScreen.open(popup.screen);
  await send.recipient(recipient);
  await send.max();
  await send.review();
  await (await ApprovalWindow.next(session)).approve();
  await expect.poll(() => chain().getBalance(recipient)).toBeGreaterThan(parseEther('0.99'));
  // What stays is at most the fee the form set aside (the network charged less than that cap).
  expect(await chain().getBalance(address)).toBeLessThan(parseEther('0.01'));
});

test('the form refuses a wrong checksum and warns about a contract and the token itself', ONE_BROWSER, async ({ freshWallet, devnet }) => {
  const { popup } = freshWallet;
  await popup.addToken(devnet.addresses.testToken);
  await popup.waitForTokenBalance('TST', '1,000 TST');
  const send = await SendScreen.open(popup.screen);
  // ACCOUNT_1 with one letter's case changed (…C51812… → …c51812…).
  await send.recipient('0x70997970c51812dc3A010C7d01b50e0d17dc79C8');
  await send.amount('1');
  await send.waitForRecipientCheck(/wrong checksum/);
  expect(await send.isReviewEnabled()).toBe(false);

  await send.recipient(devnet.addresses.testToken);
  await send.waitForRecipientCheck(/recipient is a contract/);
  await send.chooseAsset('TST');
  await send.waitForRecipientCheck(/TST contract itself/);
});

test('Receive shows the address and its QR code', ONE_BROWSER, async ({ freshWallet }) => {
  const { popup, address } = freshWallet;
  await popup.screen.click('Receive');
  await popup.screen.waitForText('Address', address);
  await popup.screen.waitFor({ role: 'img', name: `QR code of ${address}` });
});

test('Receive shows only an address the vault derives: accounts written to storage from outside are not shown, even with an index no key has', ONE_BROWSER, async ({ freshWallet }) => {
  const { popup, address } = freshWallet;
  const attacker = '0x000000000000000000000000000000000000dEaD';
  // What a page's content script can write to storage.local on Firefox: account 1 with another address, an
  // "imported" account the vault has no key for, selected, and an account at an index no key can have.
  await popup.screen.evaluate(async ({ attacker }) => {
    const storage = (globalThis as unknown as { chrome: { storage: { local: { set(v: object): Promise<void> } } } }).chrome.storage.local;
    await storage.set({
      accounts: [{ address: attacker, index: 0, name: 'Account 1' }, { address: attacker.replace('dEaD', 'bEEF'), index: 3, name: 'Savings', imported: true }, { address: attacker.replace('dEaD', 'fEEd'), index: -1, name: 'Vault' }],
      selectedAccount: attacker,
    });
  }, { attacker });
  await popup.screen.reload();
  await popup.screen.click('Receive');
  await popup.screen.waitForText('Address', address);
  await popup.screen.waitFor({ role: 'img', name: `QR code of ${address}` });
  await popup.screen.click('Back');
  expect(await popup.accounts()).toEqual([accountEntry('Account 1', address)]);
});
