/**
 * The add-on restarting (reloaded, as on an update), which only Firefox's driver can do here. What lives in
 * storage.local stays: the vault, the sites' permissions, the approvals waiting, the watched tokens, the batches; the
 * unlocked secret lives in storage.session, which Firefox clears. Firefox, unlike Chrome, runs the content scripts
 * again in open tabs.
 */
import { Wallet } from 'ethers';
import { token } from '../fixtures/chain';
import { ACCOUNT_0, expect, test } from '../fixtures/test';
import { ApprovalWindow } from '../pages/approval';
import { finalStatus, sentId } from '../pages/flows';
import { WalletPopup } from '../pages/wallet';
import { readableAmount } from '../../src/ui/format/amounts';

test('after a restart the wallet is locked, not new, the site still connected, the token and the batch still listed', async ({ wallet, dapp, firefox, devnet }) => {
  const connecting = dapp.request('eth_requestAccounts');
  await (await ApprovalWindow.next(firefox)).connect();
  expect(await connecting).toEqual({ result: [ACCOUNT_0.toLowerCase()] });

  const watching = dapp.request('wallet_watchAsset', { type: 'ERC20', options: { address: devnet.addresses.testToken, symbol: 'TST', decimals: 18 } });
  await (await ApprovalWindow.next(firefox)).addToken();
  expect(await watching).toEqual({ result: true });
  const sending = dapp.request('wallet_sendCalls', [{
    version: '2.0.0', from: ACCOUNT_0, chainId: '0x7a69', atomicRequired: false, calls: [{ to: Wallet.createRandom().address, value: '0x1' }],
  }]);
  await (await ApprovalWindow.next(firefox)).approve();
  const id = sentId(await sending);
  expect((await finalStatus(dapp, id)).status).toBe(200);
  const balance = `${readableAmount(await token().balanceOf(ACCOUNT_0))} TST`;
  await wallet.waitForTokenBalance('TST', balance);
  await wallet.waitForBatchStatus(id, 'Confirmed');

  await firefox.reloadAddon(devnet.dappUrl);
  await dapp.screen.reload();

  const popup = await WalletPopup.open(firefox);
  // Locked, not new: the unlock screen, not onboarding.
  await popup.screen.waitFor({ role: 'button', name: 'Unlock' });
  expect(await popup.screen.count({ role: 'button', name: 'Import an existing wallet' })).toBe(0);
  // Locked: the site sees no account, though it keeps its permission.
  expect(await dapp.result('eth_accounts')).toEqual([]);
  await popup.unlock();
  expect(await popup.address()).toBe(ACCOUNT_0);
  expect(await dapp.result('eth_accounts')).toEqual([ACCOUNT_0.toLowerCase()]);
  await popup.waitForTokenBalance('TST', balance);
  await popup.waitForBatchStatus(id, 'Confirmed');
});

test('a tab left open across the restart keeps one provider, which works again', async ({ wallet, dapp, firefox, devnet }) => {
  void wallet;
  expect(await dapp.announcedWallets()).toEqual(['Batch Wallet']);
  await dapp.watchRelayStarts();

  await firefox.reloadAddon(devnet.dappUrl);

  await dapp.waitForRelayStart();
  expect(await dapp.result('eth_chainId')).toBe('0x7a69');
  expect(await dapp.announcedWallets()).toEqual(['Batch Wallet']);
});

test('a connect request waiting across the restart is answered once approved', async ({ wallet, dapp, firefox, devnet }) => {
  void wallet;
  await dapp.watchRelayStarts();
  const connecting = dapp.request('eth_requestAccounts');
  await ApprovalWindow.next(firefox);

  await firefox.reloadAddon(devnet.dappUrl);
  await dapp.waitForRelayStart();

  // The restarted background opens the window again for the persisted approval.
  const approval = await ApprovalWindow.next(firefox);
  await approval.unlock();
  await approval.connect();
  expect(await connecting).toEqual({ result: [ACCOUNT_0.toLowerCase()] });
});
