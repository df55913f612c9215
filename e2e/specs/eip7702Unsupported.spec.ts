/**
 * A chain whose node predates EIP-7702, added by a page as one assumed to have it: detected as without it once added,
 * before any batch (capabilities say so; an atomic batch answers 5710 at once). Settings → Networks shows what was
 * detected there and on the devnet. (The node refusing a type-4 transaction, and the chain marked then, is
 * src/background/batches/run.test.ts.)
 */
import { JsonRpcProvider, Wallet, parseEther } from 'ethers';
import { startAnvil, type Anvil } from '../../devnet/anvil';
import { expect, ONE_BROWSER, test } from '../fixtures/test';
import { ApprovalWindow } from '../pages/approval';
import { connect } from '../pages/flows';
import { NetworksScreen } from '../pages/networks';

const CANCUN_PORT = 8546;
const CANCUN_CHAIN = '0x7a6a';
let anvil: Anvil;

test.beforeAll(async () => {
  anvil = await startAnvil({ port: CANCUN_PORT, chainId: 0x7a6a, hardfork: 'cancun' });
});
test.afterAll(async () => anvil.stop());

test('a chain without EIP-7702 is detected as such once added: atomic unsupported, 5710 before any approval; the settings show what was detected', ONE_BROWSER, async ({ freshWallet, dapp, session, devnet }) => {
  const funder = new Wallet(devnet.accounts[0].privateKey, new JsonRpcProvider(anvil.rpcUrl, 0x7a6a, { staticNetwork: true, cacheTimeout: -1, pollingInterval: 50 }));
  await (await funder.sendTransaction({ to: freshWallet.address, value: parseEther('1') })).wait();

  const adding = dapp.request('wallet_addEthereumChain', [{ chainId: CANCUN_CHAIN, chainName: 'Cancun devnet', rpcUrls: [anvil.rpcUrl], nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }]);
  await (await ApprovalWindow.next(session)).approve();
  expect(await adding).toEqual({ result: null });
  await connect(dapp, session);

  expect(await dapp.result('wallet_getCapabilities', [freshWallet.address, [CANCUN_CHAIN]])).toEqual({
    [CANCUN_CHAIN]: { atomic: { status: 'unsupported' }, paymasterService: { supported: false }, alternateGasFees: { supported: false }, dataSuffix: { supported: true }, assetDiscovery: { supported: true } },
  });
  const batch = [{ version: '2.0.0', from: freshWallet.address, chainId: CANCUN_CHAIN, atomicRequired: true, calls: [{ to: devnet.accounts[1].address, value: '0x1' }] }];
  expect(await dapp.request('wallet_sendCalls', batch)).toEqual({
    error: expect.objectContaining({ code: 5710, message: 'EIP-7702 not supported on chain 0x7a6a (Cancun devnet): atomic batches are not possible there' }),
  });
  // Without atomicity the same calls run sequentially there.
  const sequential = dapp.request('wallet_sendCalls', [{ ...batch[0], atomicRequired: false, id: 'plain' }]);
  await (await ApprovalWindow.next(session)).approve();
  expect(await sequential).toEqual({ result: { id: 'plain', batchId: 'plain', status: 'pending' } });

  const networks = await NetworksScreen.open(freshWallet.popup.screen);
  await networks.waitForDetected('Cancun devnet', /^EIP-7702 no · contracts no · simulation yes · sync send yes · bundler none · blocks /);
  await networks.detectAgain('Local devnet');
  await networks.waitForDetected('Local devnet', /^EIP-7702 yes · contracts yes · simulation yes · sync send yes · bundler yes · blocks /);
  await networks.waitForEndpoints('Local devnet', `${devnet.rpcUrl} (in use)`);
});
