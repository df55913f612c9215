/** wallet_watchAsset (EIP-747) in Firefox, against the devnet's test token (TST, 18 decimals), and the popup's token list. */
import type { DevnetInfo } from '../fixtures/devnetInfo';
import { connect } from './pages/flows';
import { ApprovalWindow } from './pages/wallet';
import { expect, test } from './fixtures';

const REJECTED = { error: { code: 4001, message: 'User rejected the request' } };

const tst = (devnet: DevnetInfo) => ({ type: 'ERC20', options: { address: devnet.addresses.testToken, symbol: 'TST', decimals: 18 } });

test('a page adds TST: the approval shows the contract, "Add token" answers true, the popup lists it with its balance', async ({ freshWallet, dapp, firefox, devnet }) => {
  await connect(dapp, firefox);
  const watching = dapp.request('wallet_watchAsset', tst(devnet));
  const approval = await ApprovalWindow.next(firefox);
  expect(await approval.text('Token symbol')).toBe('TST');
  expect(await approval.text('Token contract')).toBe(devnet.addresses.testToken);
  expect(await approval.text('Token balance')).toBe('1000.0 TST');
  await approval.addToken();
  expect(await watching).toEqual({ result: true });

  await freshWallet.popup.tokenBalance('TST', '1000.0 TST');
  // Already on the list: true at once, without a window.
  expect(await dapp.request('wallet_watchAsset', tst(devnet))).toEqual({ result: true });
  expect(await firefox.openApprovals()).toBe(0);
});

test('Cancel answers 4001 and nothing is added', async ({ freshWallet, dapp, firefox, devnet }) => {
  await connect(dapp, firefox);
  const watching = dapp.request('wallet_watchAsset', tst(devnet));
  await (await ApprovalWindow.next(firefox)).cancel();
  expect(await watching).toEqual(REJECTED);
  expect(await freshWallet.popup.tokensSection()).toContain('No tokens yet');
});
