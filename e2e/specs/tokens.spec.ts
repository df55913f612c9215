/** wallet_watchAsset (EIP-747) and the popup's token list, against the devnet's test token (TST, 18 decimals). */
import { Wallet, parseEther } from 'ethers';
import { devnetWallet, token } from '../fixtures/chain';
import type { DevnetInfo } from '../fixtures/devnetInfo';
import { expect, ONE_BROWSER, test } from '../fixtures/test';
import { ApprovalWindow } from '../pages/approval';
import { connect } from '../pages/flows';
import { readableAmount } from '../../src/ui/format/amounts';

const REJECTED = { error: { code: 4001, message: 'User rejected the request' } };

const tst = (devnet: DevnetInfo, options: Record<string, unknown> = {}, type = 'ERC20') => ({
  type,
  options: { address: devnet.addresses.testToken, symbol: 'TST', decimals: 18, ...options },
});

/** The checksummed address with the case of its first hex letter flipped: still mixed case, no longer a valid checksum. */
function flipFirstLetter(address: string): string {
  const i = address.slice(2).search(/[a-fA-F]/) + 2;
  const c = address[i];
  return address.slice(0, i) + (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()) + address.slice(i + 1);
}

test('a page adds TST: the approval shows the contract, "Add token" answers true, the popup lists it with its balance', async ({ freshWallet, dapp, session, devnet }) => {
  const [account] = await connect(dapp, session);
  const watching = dapp.request('wallet_watchAsset', tst(devnet));
  const approval = await ApprovalWindow.next(session);
  await approval.screen.waitForText('Token symbol', 'TST');
  await approval.screen.waitForText('Token name', 'Test Token');
  await approval.screen.waitForText('Token contract', devnet.addresses.testToken);
  await approval.screen.waitForText('Token decimals', '18');
  await approval.screen.waitForText('Token balance', '1,000 TST');
  await approval.screen.waitForText('Site', dapp.origin);
  expect(await approval.screen.count({ role: 'alert' })).toBe(0);
  await approval.addToken();
  expect(await watching).toEqual({ result: true });

  await freshWallet.popup.waitForTokenBalance('TST', '1,000 TST');
  expect(account).toBe(freshWallet.address.toLowerCase());

  // Already on the list: true at once, in the one-element array form too, and no window opens.
  expect(await dapp.request('wallet_watchAsset', [tst(devnet, { address: devnet.addresses.testToken.toLowerCase() })])).toEqual({ result: true });
  expect(await session.countExtensionPages('approval.html')).toBe(0);
  await freshWallet.popup.screen.waitForCount(freshWallet.popup.token('TST'), 1);
});

test('a remote logo is not loaded: the approval shows the initials; a look-alike symbol gets a warning', ONE_BROWSER, async ({ freshWallet, dapp, session, devnet }) => {
  void freshWallet;
  await connect(dapp, session);
  const watching = dapp.request('wallet_watchAsset', tst(devnet, { image: 'https://tokens.example/tst.png', symbol: 'T\u0405T' }));
  const approval = await ApprovalWindow.next(session);
  await approval.screen.waitForText('Token symbol', 'TST');
  // The dapp's symbol is not the contract's: the mismatch names it, and its Cyrillic Ѕ is flagged.
  await approval.screen.waitForText('Symbol mismatch', /says the symbol is “T\u0405T”/);
  await approval.screen.waitForText('Look-alike warning', 'The symbol the site gave “T\u0405T” mixes Latin and Cyrillic letters: it may imitate another name.');
  expect(await approval.screen.count({ role: 'img', name: 'TST logo' })).toBe(0);
  await approval.cancel();
  expect(await watching).toEqual(REJECTED);
});

test('Cancel answers 4001, closing the window answers 4001, and nothing is added', ONE_BROWSER, async ({ freshWallet, dapp, session, devnet }) => {
  await connect(dapp, session);
  let watching = dapp.request('wallet_watchAsset', tst(devnet));
  await (await ApprovalWindow.next(session)).cancel();
  expect(await watching).toEqual(REJECTED);

  watching = dapp.request('wallet_watchAsset', tst(devnet));
  const approval = await ApprovalWindow.next(session);
  await approval.screen.waitFor({ role: 'button', name: 'Add token' });
  await approval.close();
  expect(await watching).toEqual(REJECTED);

  await freshWallet.popup.waitForNoTokens();
  expect(await freshWallet.popup.screen.count(freshWallet.popup.token('TST'))).toBe(0);
});

test('invalid params answer -32602 naming the field; a site not connected gets 4100', ONE_BROWSER, async ({ freshWallet, dapp, session, devnet }) => {
  void freshWallet;
  expect(await dapp.request('wallet_watchAsset', tst(devnet))).toEqual({ error: { code: 4100, message: `${dapp.origin} is not connected: call eth_requestAccounts first` } });
  await connect(dapp, session);

  const eoa = devnet.accounts[8].address;
  const wrongChecksum = flipFirstLetter(devnet.addresses.testToken);
  const cases: [unknown, string][] = [
    [tst(devnet, { symbol: 'ABCDEFGHIJKL' }), 'Invalid params: options.symbol must be a string of 1 to 11 characters, got "ABCDEFGHIJKL" (12 characters)'],
    [tst(devnet, { address: '0x1234' }), 'Invalid params: options.address must be a 42-character hex address (0x + 40 hex digits), got "0x1234"'],
    [tst(devnet, { address: wrongChecksum }), `Invalid params: options.address ${wrongChecksum} has an invalid EIP-55 checksum: use the checksummed or the all-lowercase address`],
    [tst(devnet, {}, 'ERC777'), 'Invalid params: type must be "ERC20", "ERC721" or "ERC1155", got "ERC777"'],
    [tst(devnet, { decimals: 37 }), 'Invalid params: options.decimals must be an integer from 0 to 36, got 37'],
    [tst(devnet, { image: 'http://tokens.example/tst.png' }), 'Invalid params: options.image must be an https: or data: URL, got "http://tokens.example/tst.png"'],
    [tst(devnet, { address: eoa }), `Invalid params: options.address ${eoa} is not a contract on Local devnet (0x7a69): it has no code`],
  ];
  for (const [params, message] of cases) {
    expect(await dapp.request('wallet_watchAsset', params)).toEqual({ error: { code: -32602, message } });
  }
  expect(await session.countExtensionPages('approval.html')).toBe(0);
});

test('a decimals mismatch is shown and blocks "Add token"; a symbol mismatch is shown and the contract symbol is stored', ONE_BROWSER, async ({ freshWallet, dapp, session, devnet }) => {
  await connect(dapp, session);
  let watching = dapp.request('wallet_watchAsset', tst(devnet, { decimals: 6 }));
  let approval = await ApprovalWindow.next(session);
  await approval.screen.waitForText({ role: 'alert', name: 'Decimals mismatch' }, /The site says the token has 6 decimals, but the contract says 18/);
  // Once the window's buttons are armed (Cancel enabled), "Add token" stays disabled.
  await expect.poll(() => approval.screen.isEnabled('Cancel')).toBe(true);
  expect(await approval.screen.isEnabled('Add token')).toBe(false);
  await approval.screen.waitForText('Token decimals', '18');
  await approval.cancel();
  expect(await watching).toEqual(REJECTED);

  watching = dapp.request('wallet_watchAsset', tst(devnet, { symbol: 'TEST' }));
  approval = await ApprovalWindow.next(session);
  await approval.screen.waitForText({ role: 'alert', name: 'Symbol mismatch' }, /The site says the symbol is “TEST”, but the contract says “TST”/);
  expect(await approval.screen.count({ role: 'alert', name: 'Decimals mismatch' })).toBe(0);
  await approval.addToken();
  expect(await watching).toEqual({ result: true });
  await freshWallet.popup.waitForTokenBalance('TST', '1,000 TST');
  expect(await freshWallet.popup.screen.count(freshWallet.popup.token('TEST'))).toBe(0);
});

test('the balance follows a transfer to the account while the popup stays open, readable with the exact amount on hover', ONE_BROWSER, async ({ freshWallet, devnet }) => {
  const { popup, address } = freshWallet;
  await popup.addToken(devnet.addresses.testToken);
  await popup.waitForTokenBalance('TST', '1,000 TST');
  await token(devnetWallet(0)).transfer(address, parseEther('12.3456789'));
  await popup.waitForTokenBalance('TST', '1,012.35 TST');
  expect(await popup.tokenBalanceTitle('TST')).toBe('1012.3456789 TST');
});

test('the popup form adds by address with the contract values, refuses what is not a token, removes; lists are per account', ONE_BROWSER, async ({ freshWallet, devnet }) => {
  const { popup } = freshWallet;
  await popup.addToken('0x1234');
  await popup.screen.waitForText(popup.addTokenError, 'Invalid params: Token contract must be a 42-character hex address (0x + 40 hex digits), got "0x1234"');
  const eoa = Wallet.createRandom().address;
  await popup.addToken(eoa);
  await popup.screen.waitForText(popup.addTokenError, `Invalid params: Token contract ${eoa} is not a contract on Local devnet (0x7a69): it has no code`);

  await popup.addToken(devnet.addresses.testToken.toLowerCase());
  await popup.waitForTokenBalance('TST', '1,000 TST');
  await popup.screen.waitForText(popup.token('TST'), /Test Token/);
  await popup.screen.waitForCount(popup.addTokenError, 0);

  // A second account has its own, empty, list.
  await popup.addAccount();
  await popup.selectAccount('Account 2');
  await popup.waitForNoTokens();
  await popup.selectAccount('Account 1');
  await popup.waitForTokenBalance('TST', '1,000 TST');

  await popup.removeToken('TST');
  await popup.waitForNoTokens();
});

test('the demo dapp\'s "Watch TST" button: the approval shows the logo, the page gets true', ONE_BROWSER, async ({ wallet, dapp, session }) => {
  const [account] = await connect(dapp, session);
  await dapp.press('Watch TST');
  const approval = await ApprovalWindow.next(session);
  await approval.screen.waitFor({ role: 'img', name: 'TST logo' });
  const units = await token().balanceOf(account);
  await approval.screen.waitForText('Token balance', `${readableAmount(units)} TST`);
  const balance = `${readableAmount(units)} TST`;
  await approval.addToken();
  expect(await dapp.output('watch-asset')).toEqual({ action: 'watch-asset', status: 'ok', result: true });
  await wallet.waitForTokenBalance('TST', balance);
});
