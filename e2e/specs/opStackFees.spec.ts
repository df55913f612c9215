/**
 * An OP-stack chain a site adds (a second anvil with a GasPriceOracle at the predeploy address, which the wallet
 * detects by its code): a transaction's fee includes the L1 data fee with room for Ethereum's fees to double before
 * inclusion, and a balance that covers the L2 gas and today's L1 fee but not that room is said to be too low.
 */
import { JsonRpcProvider, Wallet, parseEther, toBeHex } from 'ethers';
import { startAnvil, type Anvil } from '../../devnet/anvil';
import { jsonRpc } from '../../src/shared/jsonRpc';
import { expect, ONE_BROWSER, test } from '../fixtures/test';
import { ApprovalWindow } from '../pages/approval';
import { connect } from '../pages/flows';

const OP_PORT = 8561;
const OP_CHAIN = '0x7a6c';
const GAS_PRICE_ORACLE = '0x420000000000000000000000000000000000000F';
/** 0.01 ETH: far above the L2 gas of a transfer on the devnet (well under 0.001 ETH). */
const L1_FEE = parseEther('0.01');
/** An oracle answering L1_FEE to any call: PUSH32 fee, PUSH1 0, MSTORE, PUSH1 32, PUSH1 0, RETURN. */
const FIXED_FEE_ORACLE = `0x7f${toBeHex(L1_FEE, 32).slice(2)}60005260206000f3`;
let anvil: Anvil;

test.beforeAll(async () => {
  anvil = await startAnvil({ port: OP_PORT, chainId: Number(OP_CHAIN) });
  await jsonRpc(anvil.rpcUrl, 'anvil_setCode', [GAS_PRICE_ORACLE, FIXED_FEE_ORACLE]);
});
test.afterAll(async () => anvil.stop());

test('OP-stack chain: the fee includes the L1 data fee with room to double, and a balance short of it is too low', ONE_BROWSER, async ({ freshWallet, dapp, session, devnet }) => {
  const funder = new Wallet(devnet.accounts[0].privateKey, new JsonRpcProvider(anvil.rpcUrl, Number(OP_CHAIN), { staticNetwork: true, cacheTimeout: -1, pollingInterval: 50 }));
  // Enough for the L2 gas many times over and for the oracle's L1 data fee, not for that fee doubled by inclusion.
  await (await funder.sendTransaction({ to: freshWallet.address, value: parseEther('0.015') })).wait();

  const adding = dapp.request('wallet_addEthereumChain', [{ chainId: OP_CHAIN, chainName: 'OP-stack devnet', rpcUrls: [anvil.rpcUrl], nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }]);
  await (await ApprovalWindow.next(session)).approve();
  expect(await adding).toEqual({ result: null });
  await connect(dapp, session);

  const sending = dapp.request('eth_sendTransaction', [{ from: freshWallet.address, to: devnet.accounts[1].address, value: '0x0' }]);
  const approval = await ApprovalWindow.next(session);
  // The oracle's 0.01 with room to double.
  await approval.screen.waitForText('Of which L1 data fee', '0.02 ETH');
  // The L2 gas (under 0.001 ETH) on top of the L1 data fee's 0.02.
  await approval.screen.waitForText('Max network fee', /^0\.0200\d* ETH$/);
  await approval.screen.waitForText('Balance too low', 'Your balance (0.015 ETH) does not cover this and its fee.');
  await approval.reject();
  expect(await sending).toEqual({ error: expect.objectContaining({ code: 4001 }) });
});
