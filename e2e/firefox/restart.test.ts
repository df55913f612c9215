/**
 * The add-on restarting (reloaded, as on an update). What lives in storage.local stays: the vault,
 * the sites' permissions, the approvals waiting; the unlocked secret lives in storage.session,
 * which Firefox clears. Firefox, unlike Chrome, runs the content scripts again in open tabs.
 */
import { ApprovalWindow, WalletPopup } from './pages/wallet';
import { ACCOUNT_0, expect, test } from './fixtures';

test('after a restart the wallet is locked, not new, and the site is still connected', async ({ wallet, dapp, firefox, devnet }) => {
  const connecting = dapp.request('eth_requestAccounts');
  await (await ApprovalWindow.next(firefox)).connect();
  expect(await connecting).toEqual({ result: [ACCOUNT_0] });

  await firefox.reloadAddon(wallet.page, devnet.dappUrl);
  await dapp.page.reload();

  const popup = await WalletPopup.open(firefox);
  expect(await popup.screen()).toBe('unlock');
  // Locked: the site sees no account, though it keeps its permission.
  expect(await dapp.result('eth_accounts')).toEqual([]);
  await popup.unlock();
  expect(await popup.address()).toBe(ACCOUNT_0);
  expect(await dapp.result('eth_accounts')).toEqual([ACCOUNT_0]);
});

test('a tab left open across the restart keeps one provider, which works again', async ({ wallet, dapp, firefox, devnet }) => {
  expect(await dapp.announcedWallets()).toEqual(['Batch Wallet']);
  await dapp.watchRelayStarts();

  await firefox.reloadAddon(wallet.page, devnet.dappUrl);

  await dapp.waitForRelayStart();
  expect(await dapp.result('eth_chainId')).toBe('0x7a69');
  expect(await dapp.announcedWallets()).toEqual(['Batch Wallet']);
});

test('a connect request waiting across the restart is answered once approved', async ({ wallet, dapp, firefox, devnet }) => {
  await dapp.watchRelayStarts();
  const connecting = dapp.request('eth_requestAccounts');
  await ApprovalWindow.next(firefox);

  await firefox.reloadAddon(wallet.page, devnet.dappUrl);
  await dapp.waitForRelayStart();

  // The restarted background opens the window again for the persisted approval.
  const approval = await ApprovalWindow.next(firefox);
  await approval.unlock();
  await approval.connect();
  expect(await connecting).toEqual({ result: [ACCOUNT_0] });
});
