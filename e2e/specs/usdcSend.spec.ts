/**
 * Fees in USDC from the wallet's side (issue 45): what wallet_getCapabilities says of them per chain, the popup's Send
 * paying its fee in USDC, and Activity showing the fee the paymaster took.
 */
import { startAnvil, type Anvil } from '../../devnet/anvil';
import { expect, test } from '../fixtures/test';
import { ApprovalWindow } from '../pages/approval';
import { connect } from '../pages/flows';

const OTHER_CHAIN = '0x7a6c';
const OTHER_PORT = 8549;

test.describe('alternateGasFees', () => {
  let anvil: Anvil;
  test.beforeAll(async () => {
    anvil = await startAnvil({ port: OTHER_PORT, chainId: Number(OTHER_CHAIN) });
  });
  test.afterAll(async () => anvil.stop());

  test('wallet_getCapabilities: supported on the devnet, whose USDC paymaster has code; not on an added chain without one', async ({ freshWallet, dapp, session }) => {
    void freshWallet;
    const [from] = await connect(dapp, session);
    expect(await dapp.result('wallet_getCapabilities', [from, ['0x7a69']])).toMatchObject({ '0x7a69': { alternateGasFees: { supported: true } } });

    const adding = dapp.request('wallet_addEthereumChain', [{ chainId: OTHER_CHAIN, chainName: 'Devnet without USDC fees', rpcUrls: [anvil.rpcUrl], nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }]);
    await (await ApprovalWindow.next(session)).approve();
    expect(await adding).toEqual({ result: null });
    expect(await dapp.result('wallet_getCapabilities', [from, [OTHER_CHAIN]])).toMatchObject({ [OTHER_CHAIN]: { atomic: { status: 'ready' }, alternateGasFees: { supported: false } } });
  });
});
