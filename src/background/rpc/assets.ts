/**
 * ERC-7811 wallet_getAssets: the account's native balance, watched tokens and watched ERC-721 collections (ERC-7811's
 * "erc721"; it defines no ERC-1155 type, so those are not listed), with balances at `pending`, per chain.
 * The chains are those asked (chainFilter, or assetFilter's keys) that the wallet has, else the selected one; a
 * chain whose node does not answer is left out rather than failing the others.
 */
import type { Hex } from '../../shared/params';
import { parseGetAssets, type GetAssetsRequest } from '../../shared/schemas/getAssets';
import { watchedCollections } from '../collectibles/watchList';
import { tokensWithBalances } from '../tokens/watchList';
import type { Asset } from './dappMethods';
import type { Using } from '../services';
import { type AccountContext, type DappTable, methodsUsing } from './types';

/** The services these methods use. */
type Uses = 'accounts' | 'collectibles' | 'networks' | 'nodeFor' | 'tokens';
const method = methodsUsing<Uses>();

const hex = (value: bigint | string): Hex => `0x${BigInt(value).toString(16)}` as Hex;

async function assetsOn(services: Using<Uses>, account: Hex, chainId: Hex): Promise<Asset[]> {
  const network = await services.networks.find(chainId);
  if (!network) return [];
  const node = await services.nodeFor(chainId);
  const [native, tokens, collections] = await Promise.all([
    node<Hex>('eth_getBalance', [account, 'pending']),
    tokensWithBalances(services, account, chainId),
    watchedCollections(services, account, chainId),
  ]);
  return [
    { address: 'native', balance: hex(native), type: 'native', metadata: { ...network.nativeCurrency } },
    ...tokens
      .filter((t) => t.balance !== null)
      .map((t): Asset => ({ address: t.address.toLowerCase() as Hex, balance: hex(t.balance!), type: 'erc20', metadata: { ...(t.name ? { name: t.name } : {}), symbol: t.symbol, decimals: t.decimals } })),
    ...collections.map(({ address, balance, ...metadata }): Asset => ({ address: address.toLowerCase() as Hex, balance: hex(balance), type: 'erc721', metadata })),
  ];
}

async function getAssets(request: GetAssetsRequest, { services, account }: AccountContext<Using<Uses>>): Promise<Record<Hex, Asset[]>> {
  const chains = request.chainFilter ?? (request.assetFilter ? (Object.keys(request.assetFilter) as Hex[]) : [(await services.networks.selected()).chainId]);
  const answers = await Promise.all(chains.map((chainId) => assetsOn(services, account, chainId).then((assets) => [chainId, assets] as const, () => undefined)));
  const kept = (chainId: Hex, asset: Asset) =>
    (!request.assetTypeFilter || request.assetTypeFilter.includes(asset.type)) &&
    (!request.assetFilter || (request.assetFilter[chainId] ?? []).some((a) => a.address === asset.address));
  return Object.fromEntries(
    answers
      .filter((answer): answer is readonly [Hex, Asset[]] => answer !== undefined && answer[1].length > 0)
      .map(([chainId, assets]) => [chainId, assets.filter((asset) => kept(chainId, asset))]),
  );
}

export const assetMethods = {
  wallet_getAssets: method({ parse: parseGetAssets, auth: 'account', account: (p) => p.account, handle: getAssets }),
} satisfies DappTable;
