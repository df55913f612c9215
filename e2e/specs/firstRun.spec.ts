/**
 * The network a fresh install selects, and the networks it offers: Base and the chains people use in the production
 * build; the devnet build (every other spec) selects the local devnet and offers it too.
 */
import { DEVNET_MNEMONIC, expect, test } from '../fixtures/test';
import { WalletPopup } from '../pages/wallet';

const CHAINS_PEOPLE_USE = ['Base', 'Ethereum', 'OP Mainnet', 'Arbitrum One', 'Polygon', 'Gnosis', 'BNB Smart Chain', 'Unichain', 'Base Sepolia', 'Sepolia'];

test('a fresh install of the production build selects Base and offers the chains people use, not the local devnet', async ({ productionSession }) => {
  const popup = await WalletPopup.open(productionSession);
  await popup.importWallet(DEVNET_MNEMONIC);
  expect(await popup.selectedNetwork()).toBe('Base');
  const choices = await popup.networkChoices();
  expect(choices).toEqual(expect.arrayContaining(CHAINS_PEOPLE_USE));
  expect(choices).not.toContain('Local devnet');
});

test('a fresh install of the devnet build selects the local devnet, and offers the chains people use as well', async ({ session }) => {
  const popup = await WalletPopup.open(session);
  await popup.importWallet(DEVNET_MNEMONIC);
  expect(await popup.selectedNetwork()).toBe('Local devnet');
  expect(await popup.networkChoices()).toEqual(expect.arrayContaining([...CHAINS_PEOPLE_USE, 'Local devnet']));
});
