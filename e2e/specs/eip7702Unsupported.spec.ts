/** A chain whose node predates EIP-7702: the refused type-4 transaction answers 5710, and the chain is remembered. */
import { JsonRpcProvider, Wallet, parseEther } from 'ethers';
import { startAnvil, type Anvil } from '../../devnet/anvil';
import { expect, test } from '../fixtures/test';
import { ApprovalWindow } from '../pages/approval';
import { connect } from '../pages/flows';

const CANCUN_PORT = 8546;
const CANCUN_CHAIN = '0x7a6a';
let anvil: Anvil;

test.beforeAll(async () => {
  anvil = await startAnvil({ port: CANCUN_PORT, chainId: 0x7a6a, hardfork: 'cancun' });
});
test.afterAll(async () => anvil.stop());

test('atomic batch on a chain without EIP-7702: 5710, then reported unsupported', async ({ freshWallet, dapp, session, devnet }) => {
  const funder = new Wallet(devnet.accounts[0].privateKey, new JsonRpcProvider(anvil.rpcUrl, 0x7a6a, { staticNetwork: true, cacheTimeout: -1, pollingInterval: 50 }));
  await (await funder.sendTransaction({ to: freshWallet.address, value: parseEther('1') })).wait();

  const adding = dapp.request('wallet_addEthereumChain', [{ chainId: CANCUN_CHAIN, chainName: 'Cancun devnet', rpcUrls: [anvil.rpcUrl], nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }]);
  await (await ApprovalWindow.next(session)).approve();
  expect(await adding).toEqual({ result: null });
  await connect(dapp, session);

  const batch = [{ version: '2.0.0', from: freshWallet.address, chainId: CANCUN_CHAIN, atomicRequired: true, calls: [{ to: devnet.accounts[1].address, value: '0x1' }] }];
  const sending = dapp.request('wallet_sendCalls', batch);
  const approval = await ApprovalWindow.next(session);
  await approval.acceptUpgrade();
  await approval.approve();
  expect(await sending).toEqual({ error: expect.objectContaining({ code: 5710, message: 'EIP-7702 not supported on the specified chain id: the node refused the type-4 transaction' }) });

  expect(await dapp.result('wallet_getCapabilities', [freshWallet.address, [CANCUN_CHAIN]])).toEqual({
    [CANCUN_CHAIN]: { atomic: { status: 'unsupported' }, paymasterService: { supported: false }, dataSuffix: { supported: true }, assetDiscovery: { supported: true } },
  });
  expect(await dapp.request('wallet_sendCalls', batch)).toEqual({ error: expect.objectContaining({ code: 5710 }) });
  // Without atomicity the same calls run sequentially there.
  const sequential = dapp.request('wallet_sendCalls', [{ ...batch[0], atomicRequired: false, id: 'plain' }]);
  await (await ApprovalWindow.next(session)).approve();
  expect(await sequential).toEqual({ result: { id: 'plain', batchId: 'plain', status: 'pending' } });
});
