/**
 * MetaMask compatibility: a page that gates on window.ethereum.isMetaMask reads the chain and accounts while it is on
 * (the default), and sees no wallet once the user turned it off, for every site or for one, from the site's next load.
 * The EIP-6963 announcement keeps the wallet's own name, and the provider says isBatchWallet.
 */
import type { Dapp } from '../pages/dapp';
import { Dapp as DappPage } from '../pages/dapp';
import { expect, test } from '../fixtures/test';
import { connect } from '../pages/flows';

/** The legacy page, once its provider has heard from the wallet (the site's setting comes with its first answer). */
async function openLegacy(session: Parameters<typeof DappPage.open>[0], dappUrl: string): Promise<Dapp> {
  const page = await DappPage.open(session, new URL('legacy.html', dappUrl).href);
  await page.screen.waitForFunction(() => (window as unknown as { ethereum?: { chainId: string | null } }).ethereum?.chainId, undefined);
  return page;
}

async function gate(page: Dapp): Promise<string> {
  await page.screen.click('Connect wallet');
  await page.screen.waitForText('Status', /\S/);
  return page.screen.text('Status');
}

test('a page gating on isMetaMask works by default, not once it is turned off globally, and per site', async ({ wallet, dapp, session, devnet }) => {
  const [account] = await connect(dapp, session);
  expect(await dapp.screen.evaluate(() => {
    const ethereum = (window as unknown as { ethereum: { isMetaMask: boolean; isBatchWallet: boolean } }).ethereum;
    return [ethereum.isMetaMask, ethereum.isBatchWallet];
  }, undefined)).toEqual([true, true]);
  expect((await dapp.announcement()).info.name).toBe('Batch Wallet');

  expect(await gate(await openLegacy(session, devnet.dappUrl))).toBe(`chain 0x7a69, network 31337, accounts ${account}`);

  await wallet.setMetaMaskCompatibility('Off');
  expect(await gate(await openLegacy(session, devnet.dappUrl))).toBe('Please install MetaMask');
  const origin = new URL(devnet.dappUrl).origin;
  await wallet.setSiteMetaMaskCompatibility(origin, 'On');
  expect(await gate(await openLegacy(session, devnet.dappUrl))).toBe(`chain 0x7a69, network 31337, accounts ${account}`);

  await wallet.setMetaMaskCompatibility('On');
  await wallet.setSiteMetaMaskCompatibility(origin, 'Off');
  const off = await openLegacy(session, devnet.dappUrl);
  expect(await gate(off)).toBe('Please install MetaMask');
  // Still reachable, through EIP-6963 and with its own name.
  expect((await off.announcement()).info.name).toBe('Batch Wallet');
  const other = await openLegacy(session, devnet.dappUrl.replace('127.0.0.1', 'localhost'));
  expect(await gate(other)).toBe('chain 0x7a69, network 31337, accounts none');
});
