/** Screenshots of the popup at its 360 × 600 for the README (docs/screens/), from a wallet with a token and a sent transaction, and one with collectibles. */
import { resolve } from 'node:path';
import { Wallet } from 'ethers';
import { test } from '../fixtures/test';
import { ApprovalWindow } from '../pages/approval';
import { connect } from '../pages/flows';
import { SendScreen } from '../pages/send';

const shot = (name: string) => resolve(import.meta.dirname, '../../docs/screens', `${name}.png`);

test('Home, Send, Receive, Activity and Settings at 360 × 600', async ({ freshWallet, session, devnet }) => {
  const { popup } = freshWallet;
  const { screen } = popup;
  await screen.setSize(360, 600);
  await popup.addToken(devnet.addresses.testToken);
  await popup.waitForTokenBalance('TST', '1000.0 TST');
  await screen.waitForText('Balance', '1 ETH');
  await screen.screenshot(shot('home'));

  const send = await SendScreen.open(screen);
  await send.recipient(Wallet.createRandom().address);
  await send.amount('0.1');
  await send.waitForFee();
  await screen.screenshot(shot('send'));
  await send.review();
  await (await ApprovalWindow.next(session)).approve();
  await popup.waitForOnlyActivityStatus('Confirmed');
  await screen.waitForText('Balance', /^0\.899\d* ETH$/);
  await screen.waitForText('Balance', /^0\.899\d* ETH$/);
  await screen.screenshot(shot('activity'));

  await screen.click('Receive');
  await screen.waitFor({ role: 'img', name: `QR code of ${freshWallet.address}` });
  await screen.screenshot(shot('receive'));
  await screen.click('Back');

  await screen.click('Settings');
  await screen.waitFor({ role: 'button', name: 'Reset wallet…' });
  await screen.screenshot(shot('settings'));
});

test('Collectibles and one collectible opened, at 360 × 600', async ({ wallet, dapp, session, devnet }) => {
  const { screen } = wallet;
  await screen.setSize(360, 600);
  await connect(dapp, session);
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
  await screen.screenshot(shot('collectibles'));

  await wallet.openCollectible('Test Collectible #1');
  await screen.waitFor({ role: 'img', name: 'Image of Test Collectible #1' });
  await screen.screenshot(shot('collectible'));
});
