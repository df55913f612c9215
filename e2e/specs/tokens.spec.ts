/** wallet_watchAsset (EIP-747) and the popup's token list, against the devnet's test token (TST, 18 decimals). */
import type { BrowserContext } from '@playwright/test';
import { Wallet, formatUnits, parseEther } from 'ethers';
import { devnetWallet, token } from '../fixtures/chain';
import { stopServiceWorker } from '../fixtures/chromium';
import type { DevnetInfo } from '../fixtures/devnetInfo';
import { expect, test } from '../fixtures/test';
import type { Dapp } from '../pages/dapp';
import { ApprovalWindow, WalletPopup } from '../pages/wallet';

const REJECTED = { error: { code: 4001, message: 'User rejected the request' } };

const tst = (devnet: DevnetInfo, options: Record<string, unknown> = {}, type = 'ERC20') => ({
  type,
  options: { address: devnet.addresses.testToken, symbol: 'TST', decimals: 18, ...options },
});

async function connect(dapp: Dapp, context: BrowserContext): Promise<string> {
  const connecting = dapp.request('eth_requestAccounts');
  await (await ApprovalWindow.next(context)).connect();
  const outcome = await connecting;
  if (!('result' in outcome)) throw new Error(JSON.stringify(outcome));
  return (outcome.result as string[])[0];
}

/** The checksummed address with the case of its first hex letter flipped: still mixed case, no longer a valid checksum. */
function flipFirstLetter(address: string): string {
  const i = address.slice(2).search(/[a-fA-F]/) + 2;
  const c = address[i];
  return address.slice(0, i) + (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()) + address.slice(i + 1);
}

const approvalWindows = (context: BrowserContext) => context.pages().filter((p) => p.url().includes('/approval.html'));

test('a page adds TST: the approval shows the contract, "Add token" answers true, the popup lists it with its balance', async ({ freshWallet, dapp, context, devnet }) => {
  const account = await connect(dapp, context);
  const watching = dapp.request('wallet_watchAsset', tst(devnet));
  const approval = await ApprovalWindow.next(context);
  await expect(approval.page.getByLabel('Token symbol')).toHaveText('TST');
  await expect(approval.page.getByLabel('Token name')).toHaveText('Test Token');
  await expect(approval.page.getByLabel('Token contract')).toHaveText(devnet.addresses.testToken);
  await expect(approval.page.getByLabel('Token decimals')).toHaveText('18');
  await expect(approval.page.getByLabel('Token balance')).toHaveText('1000.0 TST');
  await expect(approval.page.getByLabel('Site')).toHaveText(new URL(dapp.page.url()).origin);
  await expect(approval.page.getByRole('alert')).toHaveCount(0);
  await approval.addToken();
  expect(await watching).toEqual({ result: true });

  await expect(freshWallet.popup.tokenBalance('TST')).toHaveText('1000.0 TST');
  expect(account).toBe(freshWallet.address);

  // Already on the list: true at once, in the one-element array form too, and no window opens.
  expect(await dapp.request('wallet_watchAsset', [tst(devnet, { address: devnet.addresses.testToken.toLowerCase() })])).toEqual({ result: true });
  expect(approvalWindows(context)).toHaveLength(0);
  await expect(freshWallet.popup.token('TST')).toHaveCount(1);
});

test('Cancel answers 4001, closing the window answers 4001, and nothing is added', async ({ freshWallet, dapp, context, devnet }) => {
  await connect(dapp, context);
  let watching = dapp.request('wallet_watchAsset', tst(devnet));
  await (await ApprovalWindow.next(context)).cancel();
  expect(await watching).toEqual(REJECTED);

  watching = dapp.request('wallet_watchAsset', tst(devnet));
  const approval = await ApprovalWindow.next(context);
  await expect(approval.page.getByRole('button', { name: 'Add token' })).toBeVisible();
  await approval.close();
  expect(await watching).toEqual(REJECTED);

  await expect(freshWallet.popup.page.getByRole('region', { name: 'Tokens' })).toContainText('No tokens yet');
  await expect(freshWallet.popup.token('TST')).toHaveCount(0);
});

test('invalid params answer -32602 naming the field; a site not connected gets 4100', async ({ freshWallet, dapp, context, devnet }) => {
  void freshWallet;
  const origin = new URL(dapp.page.url()).origin;
  expect(await dapp.request('wallet_watchAsset', tst(devnet))).toEqual({ error: { code: 4100, message: `${origin} is not connected: call eth_requestAccounts first` } });
  await connect(dapp, context);

  const eoa = devnet.accounts[8].address;
  const wrongChecksum = flipFirstLetter(devnet.addresses.testToken);
  const cases: [unknown, string][] = [
    [tst(devnet, { symbol: 'ABCDEFGHIJKL' }), 'Invalid params: options.symbol must be a string of 1 to 11 characters, got "ABCDEFGHIJKL" (12 characters)'],
    [tst(devnet, { address: '0x1234' }), 'Invalid params: options.address must be a 42-character hex address (0x + 40 hex digits), got "0x1234"'],
    [tst(devnet, { address: wrongChecksum }), `Invalid params: options.address ${wrongChecksum} has an invalid EIP-55 checksum: use the checksummed or the all-lowercase address`],
    [tst(devnet, {}, 'ERC721'), 'Invalid params: type must be "ERC20" (the only supported asset type), got "ERC721"'],
    [tst(devnet, { decimals: 37 }), 'Invalid params: options.decimals must be an integer from 0 to 36, got 37'],
    [tst(devnet, { image: 'http://tokens.example/tst.png' }), 'Invalid params: options.image must be an https: or data: URL, got "http://tokens.example/tst.png"'],
    [tst(devnet, { address: eoa }), `Invalid params: options.address ${eoa} is not a contract on Local devnet (0x7a69): it has no code`],
  ];
  for (const [params, message] of cases) {
    expect(await dapp.request('wallet_watchAsset', params)).toEqual({ error: { code: -32602, message } });
  }
  expect(approvalWindows(context)).toHaveLength(0);
});

test('a decimals mismatch is shown and blocks "Add token"; a symbol mismatch is shown and the contract symbol is stored', async ({ freshWallet, dapp, context, devnet }) => {
  await connect(dapp, context);
  let watching = dapp.request('wallet_watchAsset', tst(devnet, { decimals: 6 }));
  let approval = await ApprovalWindow.next(context);
  await expect(approval.page.getByRole('alert', { name: 'Decimals mismatch' })).toContainText('The site says the token has 6 decimals, but the contract says 18');
  await expect(approval.page.getByRole('button', { name: 'Add token' })).toBeDisabled();
  await expect(approval.page.getByLabel('Token decimals')).toHaveText('18');
  await approval.cancel();
  expect(await watching).toEqual(REJECTED);

  watching = dapp.request('wallet_watchAsset', tst(devnet, { symbol: 'TEST' }));
  approval = await ApprovalWindow.next(context);
  await expect(approval.page.getByRole('alert', { name: 'Symbol mismatch' })).toContainText('The site says the symbol is “TEST”, but the contract says “TST”');
  await expect(approval.page.getByRole('alert', { name: 'Decimals mismatch' })).toHaveCount(0);
  await approval.addToken();
  expect(await watching).toEqual({ result: true });
  await expect(freshWallet.popup.tokenBalance('TST')).toHaveText('1000.0 TST');
  await expect(freshWallet.popup.token('TEST')).toHaveCount(0);
});

test('the balance follows a transfer to the account while the popup stays open', async ({ freshWallet, devnet }) => {
  const { popup, address } = freshWallet;
  await popup.addToken(devnet.addresses.testToken);
  await expect(popup.tokenBalance('TST')).toHaveText('1000.0 TST');
  await token(devnetWallet(0)).transfer(address, parseEther('12.5'));
  await expect(popup.tokenBalance('TST')).toHaveText('1012.5 TST');
});

test('the popup form adds by address with the contract values, refuses what is not a token, removes; lists are per account', async ({ freshWallet, devnet }) => {
  const { popup } = freshWallet;
  await popup.addToken('0x1234');
  await expect(popup.addTokenError()).toHaveText('Invalid params: Token contract must be a 42-character hex address (0x + 40 hex digits), got "0x1234"');
  const eoa = Wallet.createRandom().address;
  await popup.addToken(eoa);
  await expect(popup.addTokenError()).toHaveText(`Invalid params: Token contract ${eoa} is not a contract on Local devnet (0x7a69): it has no code`);

  await popup.addToken(devnet.addresses.testToken.toLowerCase());
  await expect(popup.tokenBalance('TST')).toHaveText('1000.0 TST');
  await expect(popup.token('TST')).toContainText('Test Token');
  await expect(popup.addTokenError()).toHaveCount(0);

  // A second account has its own, empty, list.
  await popup.page.getByRole('button', { name: 'Add account' }).click();
  const accounts = popup.page.getByLabel('Account');
  await expect(accounts.locator('option')).toHaveCount(2);
  await accounts.selectOption({ index: 1 });
  await expect(popup.page.getByRole('region', { name: 'Tokens' })).toContainText('No tokens yet');
  await accounts.selectOption({ index: 0 });
  await expect(popup.tokenBalance('TST')).toHaveText('1000.0 TST');

  await popup.removeToken('TST');
  await expect(popup.page.getByRole('region', { name: 'Tokens' })).toContainText('No tokens yet');
});

test('the list survives a service-worker restart and a browser restart of the same profile', async ({ freshWallet, extension, devnet }) => {
  const { popup } = freshWallet;
  await popup.addToken(devnet.addresses.testToken);
  await expect(popup.tokenBalance('TST')).toHaveText('1000.0 TST');

  await stopServiceWorker(extension.context, popup.page);
  await popup.page.reload();
  await expect(popup.tokenBalance('TST')).toHaveText('1000.0 TST');

  const relaunched = await extension.relaunch();
  const again = await WalletPopup.open(relaunched.context, relaunched.extensionId);
  await again.unlock();
  await expect(again.tokenBalance('TST')).toHaveText('1000.0 TST');
});

test('the demo dapp\'s "Watch TST" button: the approval shows the logo, the page gets true', async ({ wallet, dapp, context }) => {
  const account = await connect(dapp, context);
  await dapp.page.getByRole('button', { name: 'Watch TST' }).click();
  const approval = await ApprovalWindow.next(context);
  await expect(approval.page.getByRole('img', { name: 'TST logo' })).toBeVisible();
  const balance = `${formatUnits(await token().balanceOf(account), 18)} TST`;
  await expect(approval.page.getByLabel('Token balance')).toHaveText(balance);
  await approval.addToken();
  await expect(dapp.page.locator('#output')).toHaveAttribute('data-status', 'ok');
  await expect(dapp.page.locator('#output')).toContainText('"result": true');
  await expect(wallet.tokenBalance('TST')).toHaveText(balance);
});
