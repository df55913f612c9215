/**
 * Screenshots of the popup at its 360 × 600 for the README (`npm run screens` writes docs/screens/), from a wallet with a
 * token and a sent transaction, and one with collectibles; each screen pictured and checked with axe in both themes.
 */
import { HDNodeWallet, Interface, Mnemonic, Wallet, getAddress, parseEther } from 'ethers';
import type { ChromiumScreen } from '../driver/chromium/screen';
import { pictureInBothThemes } from '../fixtures/axe';
import { chain, fund } from '../fixtures/chain';
import { expectNoOverflow } from '../fixtures/overflow';
import { expect, test } from '../fixtures/test';
import { USDC, importUsdcWallet } from '../fixtures/usdc';
import { ApprovalWindow } from '../pages/approval';
import { connect } from '../pages/flows';
import { NetworksScreen } from '../pages/networks';
import { SendScreen } from '../pages/send';
import { WalletPopup } from '../pages/wallet';

const ERC20 = new Interface(['function approve(address spender, uint256 amount)']);


test('Home, Send, Receive, Activity, Settings and Networks at 360 × 600', async ({ freshWallet, session, devnet }) => {
  const { popup } = freshWallet;
  const { screen } = popup;
  const { page } = screen as ChromiumScreen;
  await screen.setSize(360, 600);
  await popup.addToken(devnet.addresses.testToken);
  await popup.waitForTokenBalance('TST', '1,000 TST');
  await screen.waitForText('Balance', '1 ETH');
  // The values come after the balance: the picture waits for them (the devnet's feeds: ETH at $3,000, TST at $2).
  await popup.waitForTotalValue('Total ≈ $5,000.00');
  await expectNoOverflow(screen, 'home');
  await pictureInBothThemes(page, 'home');
  await screen.click('More sections');
  await expectNoOverflow(screen, 'home with More sections open');
  await pictureInBothThemes(page, 'home-more');
  await screen.click('More sections');

  const send = await SendScreen.open(screen);
  await send.recipient(Wallet.createRandom().address);
  await send.amount('0.1');
  await send.waitForFee();
  await expectNoOverflow(screen, 'send');
  await pictureInBothThemes(page, 'send');
  await send.review();
  await (await ApprovalWindow.next(session)).approve();
  await popup.waitForOnlyActivityStatus('Confirmed');
  await screen.waitForText('Balance', /^0\.899\d* ETH$/);
  await screen.waitForText('Balance', /^0\.899\d* ETH$/);
  await expectNoOverflow(screen, 'activity');
  await pictureInBothThemes(page, 'activity');

  await screen.click('Receive');
  await screen.waitFor({ role: 'img', name: `QR code of ${freshWallet.address}` });
  await expectNoOverflow(screen, 'receive');
  await pictureInBothThemes(page, 'receive');
  await screen.click('Back');

  await screen.click('Settings');
  await screen.waitFor({ role: 'button', name: 'Reset wallet…' });
  await expectNoOverflow(screen, 'settings');
  await pictureInBothThemes(page, 'settings');

  // Settings → Networks, scrolled to the devnet by its Detect again: its endpoints, the one in use, what was detected.
  await screen.click('Back');
  const networks = await NetworksScreen.open(screen);
  await networks.detectAgain('Local devnet');
  await networks.waitForDetected('Local devnet', /^EIP-7702 yes · contracts yes · simulation yes · sync send yes · bundler yes · blocks /);
  await expectNoOverflow(screen, 'networks');
  await pictureInBothThemes(page, 'networks');
});

test('A Send whose fee is paid in USDC, and its Activity row with the fee taken, at 360 × 600', async ({ session, devnet }) => {
  const { popup } = await importUsdcWallet(session, 100n * USDC);
  await popup.addToken(devnet.addresses.usdc);
  const { screen } = popup;
  const { page } = screen as ChromiumScreen;
  await screen.setSize(360, 600);
  await popup.waitForTokenBalance('USDC', '100 USDC');
  const send = await SendScreen.open(screen);
  await send.chooseAsset('USDC');
  await send.recipient(Wallet.createRandom().address);
  await send.amount('10');
  await screen.waitForText('Network fee', /, paid in USDC: the ETH held does not cover it$/);
  await expectNoOverflow(screen, 'send-usdc');
  await pictureInBothThemes(page, 'send-usdc');
  await send.review();
  const approval = await ApprovalWindow.next(session);
  await approval.acceptUpgrade();
  await approval.approve();
  await popup.waitForOnlyActivityStatus('Confirmed');
  await screen.waitForText({ name: 'Network fee', in: 'Activity' }, /^Network fee: \d+\.\d\d USDC$/);
  await expectNoOverflow(screen, 'activity-usdc');
  await pictureInBothThemes(page, 'activity-usdc');
});

test('Collectibles, one collectible opened, and Approvals, at 360 × 600', async ({ wallet, dapp, session, devnet }) => {
  const { screen } = wallet;
  const { page } = screen as ChromiumScreen;
  await screen.setSize(360, 600);
  const [from] = await connect(dapp, session);
  for (const asset of [
    { type: 'ERC721', options: { address: devnet.addresses.testCollectible, tokenId: '1' } },
    { type: 'ERC721', options: { address: devnet.addresses.testCollectible, tokenId: '2' } },
    { type: 'ERC1155', options: { address: devnet.addresses.testMultiToken, tokenId: '1' } },
  ]) {
    const watching = dapp.request('wallet_watchAsset', asset);
    await (await ApprovalWindow.next(session)).addCollectible();
    await watching;
  }
  await wallet.waitForCollectible('Test Collectible #2', 'Held');
  await screen.waitForCount({ role: 'listitem', in: 'Collectibles' }, 3);
  await expectNoOverflow(screen, 'collectibles');
  await pictureInBothThemes(page, 'collectibles');

  await wallet.openCollectible('Test Collectible #1');
  await screen.waitFor({ role: 'img', name: 'Image of Test Collectible #1' });
  await expectNoOverflow(screen, 'collectible');
  await pictureInBothThemes(page, 'collectible');
  await screen.click('All collectibles');

  // Approvals: an allowance granted through the wallet, as it stands on chain, with its Revoke.
  const spender = Wallet.createRandom().address;
  const approving = dapp.request('eth_sendTransaction', [{ from, to: devnet.addresses.testToken, data: ERC20.encodeFunctionData('approve', [spender, parseEther('250')]) }]);
  await (await ApprovalWindow.next(session)).approveDespiteDangers();
  await approving;
  await wallet.waitForAllowance(spender, /may spend 250 TST/);
  await expectNoOverflow(screen, 'approvals');
  await pictureInBothThemes(page, 'approvals');
});

test('the delegation firewall: its banner on Home, and the revert it opens', async ({ session, devnet }) => {
  const phrase = Wallet.createRandom().mnemonic!.phrase;
  const [a, b] = [0, 1].map((i) => HDNodeWallet.fromMnemonic(Mnemonic.fromPhrase(phrase), `m/44'/60'/0'/0/${i}`).address);
  await fund(b, parseEther('2'), 0n);
  const popup = await WalletPopup.open(session);
  await popup.importWallet(phrase);
  await popup.addAccount();
  await popup.screen.setSize(360, 600);
  const drainer = getAddress(devnet.addresses.testToken);
  await chain().send('anvil_setCode', [a, `0xef0100${drainer.slice(2).toLowerCase()}`]);
  await popup.screen.waitForText({ name: 'Foreign delegate', in: WalletPopup.foreignDelegation }, drainer);
  await expectNoOverflow(popup.screen, 'firewall');
  await pictureInBothThemes((popup.screen as ChromiumScreen).page, 'firewall');

  await popup.screen.click('Revert to a plain account');
  const review = await ApprovalWindow.next(session);
  const screen = review.screen as ChromiumScreen;
  const { page } = screen;
  await page.setViewportSize({ width: 380, height: 640 });
  await review.screen.waitForText('Delegate', drainer);
  await expect(await screen.whenEnabled(screen.button('Revert'))).toBeEnabled();
  await expectNoOverflow(screen, 'approval firewall-revert');
  await page.setViewportSize({ width: 380, height: 640 });
  await pictureInBothThemes(page, 'approval-firewall-revert');
  await review.reject();
  await chain().send('anvil_setCode', [a, '0x']);
});
