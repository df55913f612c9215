/**
 * The network a fresh install selects, and the networks it offers: Base and the chains people use in the production
 * build; the devnet build (every other spec) selects the local devnet and offers it too.
 */
import { Wallet } from 'ethers';
import { DEVNET_MNEMONIC, expect, ONE_BROWSER, test } from '../fixtures/test';
import { Dapp } from '../pages/dapp';
import { connect } from '../pages/flows';
import { WalletPopup } from '../pages/wallet';

const CHAINS_PEOPLE_USE = ['Base', 'Ethereum', 'OP Mainnet', 'Arbitrum One', 'Polygon', 'Gnosis', 'BNB Smart Chain', 'Unichain', 'Base Sepolia', 'Sepolia'];

test('a fresh install of the production build selects Base, offers the chains people use, not the local devnet, and offline answers capabilities from the release\'s facts', async ({ productionSession, devnet }) => {
  const popup = await WalletPopup.open(productionSession);
  // A fresh phrase: its accounts have no code on any real chain.
  await popup.importWallet(Wallet.createRandom().mnemonic!.phrase);
  expect(await popup.selectedNetwork()).toBe('Base');
  const choices = await popup.networkChoices();
  expect(choices).toEqual(expect.arrayContaining(CHAINS_PEOPLE_USE));
  expect(choices).not.toContain('Local devnet');

  // With no network (as on this project's machines) Base's public endpoints do not answer, and capabilities come from
  // the release's facts by their deadline; a node that answers says the same of a fresh account.
  const dapp = await Dapp.open(productionSession, devnet.dappUrl);
  const [account] = await connect(dapp, productionSession);
  const capabilities = await dapp.result<Record<string, unknown>>('wallet_getCapabilities', [account, ['0x2105']]);
  expect(capabilities).toEqual({
    '0x2105': { atomic: { status: 'ready' }, paymasterService: { supported: true }, alternateGasFees: { supported: false }, dataSuffix: { supported: true }, assetDiscovery: { supported: true } },
  });
});

test('a fresh install of the devnet build selects the local devnet, and offers the chains people use as well', ONE_BROWSER, async ({ session }) => {
  const popup = await WalletPopup.open(session);
  await popup.importWallet(DEVNET_MNEMONIC);
  expect(await popup.selectedNetwork()).toBe('Local devnet');
  expect(await popup.networkChoices()).toEqual(expect.arrayContaining([...CHAINS_PEOPLE_USE, 'Local devnet']));
});
