/**
 * Values in US dollars from the devnet's Chainlink-style feeds (devnet/constants.ts DEVNET_PRICE_FEEDS: ETH at $3,000,
 * TST at $2), read through the devnet node: the balance's, each token's where its feed exists, and the total.
 */
import { Contract } from 'ethers';
import { DEVNET_ETH_USD, DEVNET_PRICE_FEEDS, SET_PRICE_GAS } from '../../devnet/constants';
import { devnetWallet } from '../fixtures/chain';
import { expect, ONE_BROWSER, test } from '../fixtures/test';

/** The wallet's ETH / USD feed: `setPrice` is open (contracts/TestPriceFeed.sol). */
const ethFeed = () => new Contract(DEVNET_PRICE_FEEDS.ETH.address, ['function setPrice(int256 newAnswer)'], devnetWallet(9));

test('Home values 1 ETH and 1,000 TST from the devnet feeds, shows no value for a token without a feed, and follows a new price', ONE_BROWSER, async ({ freshWallet, devnet }) => {
  const { popup } = freshWallet;
  await popup.addToken(devnet.addresses.testToken);
  await popup.addToken(devnet.addresses.testPermitToken);
  await popup.waitForBalanceValue('≈ $3,000.00');
  await popup.waitForTokenValue('TST', '≈ $2,000.00');
  await popup.waitForTotalValue('Total ≈ $5,000.00');
  await popup.waitForTokenBalance('TPT', '0 TPT');
  expect(await popup.tokenValues('TPT')).toBe(0);

  try {
    await (await ethFeed().setPrice(3_100n * 10n ** 8n, SET_PRICE_GAS)).wait();
    await popup.waitForBalanceValue('≈ $3,100.00');
    await popup.waitForTotalValue('Total ≈ $5,100.00');
  } finally {
    await (await ethFeed().setPrice(DEVNET_ETH_USD, SET_PRICE_GAS)).wait();
  }
});
