/** The wallet's own token actions (popup): the list with live balances, adding by address, removing. */
import type { Network } from '../../shared/networks';
import type { Hex } from '../../shared/params';
import { tokenAddress } from '../../shared/schemas/watchAsset';
import type { TokenView } from '../../shared/ui';
import type { Services } from '../services';
import { readBalance, readToken } from './read';
import type { WatchedToken } from './types';

export const networkLabel = (network: Network): string => `${network.name} (${network.chainId})`;

async function networkOf(services: Services, chainId: Hex): Promise<Network> {
  const network = await services.networks.find(chainId);
  if (!network) throw new Error(`Unknown network ${chainId}`);
  return network;
}

async function ownAccount(services: Services, account: Hex): Promise<Hex> {
  const ours = (await services.accounts.list()).find((a) => a.address.toLowerCase() === account.toLowerCase());
  if (!ours) throw new Error(`${account} is not an account of this wallet`);
  return ours.address;
}

/** The account's tokens on the chain, each with its balance at `pending` (null when the node could not tell). */
export async function tokensWithBalances(services: Services, account: Hex, chainId: Hex): Promise<TokenView[]> {
  const tokens = await services.tokens.list(account, chainId);
  if (tokens.length === 0) return [];
  const node = await services.nodeFor(chainId);
  return Promise.all(
    tokens.map(async ({ addedAt: _addedAt, ...token }): Promise<TokenView> => {
      const balance = await readBalance(node, token.address, account).then((b) => b.toString(), () => null);
      return { ...token, balance };
    }),
  );
}

/** Adds a token the user typed in: the same checks as wallet_watchAsset, with the contract's own symbol and decimals. */
export async function addTokenByAddress(services: Services, account: Hex, chainId: Hex, raw: string): Promise<WatchedToken> {
  const address = tokenAddress(raw.trim(), 'Token contract');
  const [owner, network] = await Promise.all([ownAccount(services, account), networkOf(services, chainId)]);
  const existing = await services.tokens.find(owner, network.chainId, address);
  if (existing) return existing;
  const read = await readToken(await services.nodeFor(network.chainId), address, owner, 'Token contract', networkLabel(network));
  const token: WatchedToken = {
    address,
    symbol: read.symbol,
    decimals: read.decimals,
    ...(read.name === undefined ? {} : { name: read.name }),
    addedAt: Date.now(),
  };
  await services.tokens.add(owner, network.chainId, token);
  return token;
}
