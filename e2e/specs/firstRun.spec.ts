/** The network a fresh install selects: Base in the production build; the devnet build (every other spec) the local devnet. */
import { DEVNET_MNEMONIC, expect, test } from '../fixtures/test';
import { WalletPopup } from '../pages/wallet';

test('a fresh install of the production build selects Base', async ({ productionSession }) => {
  const popup = await WalletPopup.open(productionSession);
  await popup.importWallet(DEVNET_MNEMONIC);
  expect(await popup.selectedNetwork()).toBe('Base');
});

test('a fresh install of the devnet build selects the local devnet', async ({ session }) => {
  const popup = await WalletPopup.open(session);
  await popup.importWallet(DEVNET_MNEMONIC);
  expect(await popup.selectedNetwork()).toBe('Local devnet');
});
