/** ERC-7811 wallet_getAssets and ERC-7846 wallet_disconnect, through viem's own actions. */
import { Wallet, parseEther } from 'ethers';
import { expect, ONE_BROWSER, test } from '../fixtures/test';
import { ApprovalWindow } from '../pages/approval';
import { connect } from '../pages/flows';

test('wallet_getAssets: the native balance and the watched tokens at pending, for the connected account only', ONE_BROWSER, async ({ freshWallet, dapp, session, devnet }) => {
  void freshWallet;
  const [account] = await connect(dapp, session);
  const watching = dapp.request('wallet_watchAsset', { type: 'ERC20', options: { address: devnet.addresses.testToken, symbol: 'TST', decimals: 18 } });
  await (await ApprovalWindow.next(session)).addToken();
  await watching;
  await dapp.loadViem();
  expect(await dapp.viem('getAssets', account)).toEqual({
    31337: [
      { type: 'native', balance: parseEther('1').toString(), metadata: { name: 'Ether', symbol: 'ETH', decimals: 18 } },
      { type: 'erc20', address: devnet.addresses.testToken.toLowerCase(), balance: parseEther('1000').toString(), metadata: { name: 'Test Token', symbol: 'TST', decimals: 18 } },
    ],
  });
  expect(await dapp.result('wallet_getAssets', [{ account, assetTypeFilter: ['erc20'] }])).toEqual({
    '0x7a69': [{ type: 'erc20', address: devnet.addresses.testToken.toLowerCase(), balance: '0x3635c9adc5dea00000', metadata: { name: 'Test Token', symbol: 'TST', decimals: 18 } }],
  });
  expect(await dapp.request('wallet_getAssets', [{ account: Wallet.createRandom().address }])).toMatchObject({ error: { code: 4100 } });
  expect(await dapp.request('wallet_getAssets', [{ account, chainFilter: '0x7a69' }])).toEqual({ error: { code: -32602, message: 'chainFilter must be an array' } });
});

test('wallet_disconnect: the site loses its accounts and hears accountsChanged []', ONE_BROWSER, async ({ wallet, dapp, session }) => {
  void wallet;
  await connect(dapp, session);
  await dapp.record('accountsChanged');
  await dapp.loadViem();
  expect(await dapp.viem('disconnect')).toBeNull();
  expect(await dapp.result('eth_accounts')).toEqual([]);
  await expect.poll(() => dapp.events('accountsChanged')).toEqual([[]]);
});
