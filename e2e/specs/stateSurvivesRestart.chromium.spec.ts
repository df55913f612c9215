/**
 * What the wallet keeps across a service-worker restart (stopped through CDP, which only Chromium offers) and a browser
 * restart of the same profile: tokens, Ledger accounts, network edits, filters and subscriptions, and execution
 * permissions granted (in the extension's IndexedDB).
 */
import { HDNodeWallet, Wallet, hexlify, id, parseEther, toQuantity, toUtf8Bytes, verifyMessage, zeroPadValue } from 'ethers';
import { devnetWallet, token } from '../fixtures/chain';
import { deleGatorWallet } from '../fixtures/deleGatorWallet';
import { DEVNET_MNEMONIC, expect, test } from '../fixtures/test';
import { startRpcProxy } from '../fixtures/rpcProxy';
import { ApprovalWindow } from '../pages/approval';
import { Dapp } from '../pages/dapp';
import { connect } from '../pages/flows';
import { NetworksScreen } from '../pages/networks';
import { PASSWORD, WalletPopup, accountEntry } from '../pages/wallet';

/** Ledger Live's second account of the devnet phrase on the emulated device (the fresh wallets' phrases are others). */
const LEDGER = HDNodeWallet.fromPhrase(DEVNET_MNEMONIC, undefined, "m/44'/60'/1'/0/0").address;

test('the token list survives a service-worker restart and a browser restart of the same profile, and so does a Ledger account, which signs on the device after unlocking', async ({ freshWallet, chromium, devnet }) => {
  const { popup } = freshWallet;
  await popup.addToken(devnet.addresses.testToken);
  await popup.waitForTokenBalance('TST', '1,000 TST');

  await chromium.stopServiceWorker();
  await popup.screen.reload();
  await popup.waitForTokenBalance('TST', '1,000 TST');

  // A Ledger account added from the devnet's emulator, as ledgerAccounts.spec adds it.
  await fetch(`${devnet.ledgerEmulatorUrl}/state`, { method: 'POST', body: JSON.stringify({ reset: true }) });
  await popup.screen.click('Switch account');
  await popup.screen.click('Add a Ledger account');
  const adding = await chromium.nextExtensionPage('popup.html?page=addLedger');
  await adding.click('Connect your Ledger');
  await adding.click(`Pick ${LEDGER}`);
  await adding.fill(`Name of ${LEDGER}`, 'Cold');
  await adding.fill('Password', PASSWORD);
  await adding.click('Add 1 account');
  await adding.waitForText('Added accounts', 'Added Cold. You can close this tab.');
  await popup.screen.click('Back');
  await popup.selectAccount('Account 1');

  await chromium.relaunch();
  const again = await WalletPopup.open(chromium);
  await again.unlock();
  await again.waitForTokenBalance('TST', '1,000 TST');
  expect(await again.accounts()).toEqual([accountEntry('Account 1', freshWallet.address), `${accountEntry('Cold', LEDGER)} Ledger`]);
  // Selected as the popup selects it (the row's name carries the badge's label, which selectAccount does not know).
  expect(await again.screen.evaluate(async (address) => (globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<unknown> } } }).chrome.runtime.sendMessage({ type: 'page-request', method: 'selectAccount', params: { address } }), LEDGER)).toEqual({ result: null });
  const dapp = await Dapp.open(chromium, devnet.dappUrl);
  expect(await connect(dapp, chromium)).toEqual([LEDGER.toLowerCase()]);
  const signing = dapp.request('personal_sign', [hexlify(toUtf8Bytes('gm after a restart')), LEDGER]);
  const window = await ApprovalWindow.next(chromium);
  await window.press('Sign');
  await window.screen.waitForClose();
  const { result } = (await signing) as { result: string };
  expect(verifyMessage('gm after a restart', result)).toBe(LEDGER);
});

test('an edited built-in network keeps its RPC URL across a service-worker restart', async ({ wallet, chromium, devnet }) => {
  const other = await startRpcProxy(devnet.rpcUrl, 0);
  try {
    const networks = await NetworksScreen.open(wallet.screen);
    await networks.edit('Local devnet', { rpcUrl: other.url });
    await networks.waitForDetails('Local devnet', '31337 · built-in, edited · EIP-7702 · bundler');

    await chromium.stopServiceWorker();
    await wallet.screen.reload();
    const before = other.forwarded('eth_getBalance');
    // Home's balance, asked by the restarted worker, goes through the edited URL.
    await expect.poll(() => other.forwarded('eth_getBalance')).toBeGreaterThan(before);
    await wallet.screen.waitFor('Balance');
  } finally {
    await other.stop();
  }
});

test('a filter survives a worker stop: each log is reported once, before and after', async ({ wallet, dapp, chromium, devnet }) => {
  // Its popup is the extension page the worker is stopped through.
  void wallet;
  const recipient = Wallet.createRandom().address;
  const filter = await dapp.result<string>('eth_newFilter', [{ address: devnet.addresses.testToken, topics: [id('Transfer(address,address,uint256)'), null, zeroPadValue(recipient, 32)] }]);
  const first = await (await token(devnetWallet(0)).mint(recipient, 1n)).wait();
  expect(await dapp.result('eth_getFilterChanges', [filter])).toEqual([expect.objectContaining({ transactionHash: first!.hash })]);
  await chromium.stopServiceWorker();
  const second = await (await token(devnetWallet(0)).mint(recipient, 2n)).wait();
  expect(await dapp.result('eth_getFilterChanges', [filter])).toEqual([expect.objectContaining({ transactionHash: second!.hash })]);
  expect(await dapp.result('eth_getFilterChanges', [filter])).toEqual([]);
});

test('a subscription survives a worker stop: its logs keep coming to the page once the worker is back, none twice', async ({ wallet, dapp, chromium, devnet }) => {
  void wallet;
  const recipient = Wallet.createRandom().address;
  await dapp.record('message');
  const subscription = await dapp.result<string>('eth_subscribe', ['logs', { address: devnet.addresses.testToken, topics: [id('Transfer(address,address,uint256)'), null, zeroPadValue(recipient, 32)] }]);
  const heard = async () => ((await dapp.events('message')) as { data: { subscription: string; result: { transactionHash: string } } }[])
    .filter((m) => m.data.subscription === subscription).map((m) => m.data.result.transactionHash);
  const first = await (await token(devnetWallet(0)).mint(recipient, 1n)).wait();
  await expect.poll(heard).toEqual([first!.hash]);
  await chromium.stopServiceWorker();
  const second = await (await token(devnetWallet(0)).mint(recipient, 2n)).wait();
  // Any request of the page wakes the worker (the browser's alarm would, later): the subscription goes on from where it was.
  await dapp.result('eth_blockNumber');
  await expect.poll(heard).toEqual([first!.hash, second!.hash]);
  const third = await (await token(devnetWallet(0)).mint(recipient, 3n)).wait();
  await expect.poll(heard).toEqual([first!.hash, second!.hash, third!.hash]);
});

test('an execution permission granted stays listed in Permissions and Activity, and returned to its site, across a service-worker restart', async ({ chromium, dapp }) => {
  const { popup } = await deleGatorWallet(chromium);
  await connect(dapp, chromium);
  const sessionAccount = Wallet.createRandom().address;
  const granting = dapp.request('wallet_requestExecutionPermissions', [{
    chainId: '0x7a69', to: sessionAccount, rules: [{ type: 'expiry', data: { timestamp: Math.floor(Date.now() / 1000) + 3600 } }],
    permission: { type: 'native-token-allowance', isAdjustmentAllowed: false, data: { allowanceAmount: toQuantity(parseEther('0.1')) } },
  }]);
  await (await ApprovalWindow.next(chromium)).grant();
  await granting;

  await chromium.stopServiceWorker();
  await popup.screen.reload();
  await popup.waitForGrant(sessionAccount, 'Permission in words', /^Up to 0\.1 ETH in all, until /);
  await popup.waitForActivityLine(/^Permission granted to 0x[0-9a-fA-F]{4}…[0-9a-fA-F]{4}: up to 0\.1 ETH in all on /);
  expect(await dapp.request('wallet_getGrantedExecutionPermissions')).toMatchObject({ result: [{ to: sessionAccount }] });
});
