/**
 * What an account's assets are worth: each balance times its feed's answer, in US cents, and their sum. In the worker's
 * later script (lazyValues.ts): the popup asks for it apart from the balances, which never wait for it.
 */
import { uint256, type Hex } from '../../shared/params';
import { priceFeedOf } from '../../shared/priceFeeds';
import type { AssetValues, TokenBalance } from '../../shared/tokens';
import { tokensWithBalances, type WatchListDeps } from '../tokens/watchList';
import type { ChainNode } from '../networks/rpcClient';
import { createPrices, type Prices } from './prices';

/** An amount in its smallest unit, null when the node could not tell. */
interface Holding {
  balance: bigint | null;
  decimals: number;
}

/**
 * The value in cents, rounded down; null without a feed or a fresh answer, or for one no asset is worth (a node's lie).
 * Nothing is worth $0 at any price: no feed is read for it.
 */
async function valueOf(prices: Prices, node: ChainNode, chainId: Hex, holding: Holding, token?: Hex): Promise<number | null> {
  const feed = priceFeedOf(chainId, token);
  if (!feed || holding.balance === null) return null;
  if (holding.balance === 0n) return 0;
  // Decimals the watch list names but the token has not: its amount, and so its value, would be off by powers of ten.
  if ('tokenDecimals' in feed && feed.tokenDecimals !== holding.decimals) return null;
  const price = await prices.read(node, chainId, feed);
  if (!price.ok) return null;
  const cents = (holding.balance * price.answer * 100n) / 10n ** BigInt(holding.decimals + price.decimals);
  return cents <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(cents) : null;
}

export async function assetValues(prices: Prices, node: ChainNode, chainId: Hex, native: Holding, tokens: readonly TokenBalance[]): Promise<AssetValues> {
  // A token named twice (a planted watch list can: its address in two cases) is valued once, and not counted again.
  const named = tokens.map((t) => t.address.toLowerCase());
  const repeated = (i: number) => named.indexOf(named[i]) !== i;
  const holdings = [native, ...tokens.map((t, i) => ({ balance: repeated(i) ? 0n : t.balance === null ? null : BigInt(t.balance), decimals: t.decimals }))];
  const values = await Promise.all(holdings.map((holding, i) => (i > 0 && repeated(i - 1) ? null : valueOf(prices, node, chainId, holding, i === 0 ? undefined : tokens[i - 1].address))));
  const held = (holding: Holding) => holding.balance !== 0n;
  return {
    native: values[0],
    tokens: Object.fromEntries(tokens.map((t, i) => [t.address, values[i + 1]])),
    total: values.reduce<number>((sum, value) => sum + (value ?? 0), 0),
    unpriced: holdings.filter((holding, i) => values[i] === null && held(holding)).length,
  };
}

/** The worker's one cache of feed reads, made when this script is first loaded. */
const prices = createPrices();

/** The account's native balance and watched tokens on the chain, valued. */
export async function accountValues(deps: WatchListDeps, account: Hex, chainId: Hex): Promise<AssetValues> {
  const network = await deps.networks.find(chainId);
  if (!network) throw new Error(`Unknown network ${chainId}`);
  const node = await deps.nodeFor(chainId);
  const [balance, tokens] = await Promise.all([
    // The node's answer is a claim: one that is not an amount leaves the balance unknown, the tokens still valued.
    node<unknown>('eth_getBalance', [account, 'pending']).then((answer) => uint256(answer, 'balance')).catch(() => null),
    tokensWithBalances(deps, account, chainId),
  ]);
  return assetValues(prices, node, chainId, { balance, decimals: network.nativeCurrency.decimals }, tokens);
}
