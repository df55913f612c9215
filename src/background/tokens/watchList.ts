/** The wallet's own token actions (popup): the list with live balances, adding by address, removing. */
import type { Network } from '../../shared/networks';
import type { Hex } from '../../shared/params';
import { tokenAddress } from '../../shared/schemas/watchAsset';
import type { TokenBalance, WatchedToken } from '../../shared/tokens';
import type { Accounts } from '../accounts/accounts';
import type { Networks } from '../networks/registry';
import type { ChainNode } from '../networks/rpcClient';
import { imitatedToken } from '../protection/knownTokens';
import { readBalance, readToken } from './read';
import type { TokenStore } from './store';

export interface WatchListDeps {
  tokens: TokenStore;
  accounts: Pick<Accounts, 'list'>;
  networks: Pick<Networks, 'find'>;
  nodeFor(chainId: Hex): Promise<ChainNode>;
}

export const networkLabel = (network: Network): string => `${network.name} (${network.chainId})`;

async function networkOf(deps: WatchListDeps, chainId: Hex): Promise<Network> {
  const network = await deps.networks.find(chainId);
  if (!network) throw new Error(`Unknown network ${chainId}`);
  return network;
}

async function ownAccount(deps: WatchListDeps, account: Hex): Promise<Hex> {
  const ours = (await deps.accounts.list()).find((a) => a.address.toLowerCase() === account.toLowerCase());
  if (!ours) throw new Error(`${account} is not an account of this wallet`);
  return ours.address;
}

/** The account's tokens on the chain, each with its balance at `pending` (null when the node could not tell). */
export async function tokensWithBalances(deps: WatchListDeps, account: Hex, chainId: Hex): Promise<TokenBalance[]> {
  const tokens = await deps.tokens.list(account, chainId);
  if (tokens.length === 0) return [];
  const node = await deps.nodeFor(chainId);
  return Promise.all(
    tokens.map(async ({ addedAt: _addedAt, ...token }): Promise<TokenBalance> => {
      const balance = await readBalance(node, token.address, account).then((b) => b.toString(), () => null);
      const imitates = imitatedToken(chainId, token);
      return { ...token, balance, ...(imitates ? { imitates } : {}) };
    }),
  );
}

/** Adds a token the user typed in: the same checks as wallet_watchAsset, with the contract's own symbol and decimals. */
export async function addTokenByAddress(deps: WatchListDeps, account: Hex, chainId: Hex, raw: string): Promise<WatchedToken> {
  const address = tokenAddress(raw.trim(), 'Token contract');
  const [owner, network] = await Promise.all([ownAccount(deps, account), networkOf(deps, chainId)]);
  const existing = await deps.tokens.find(owner, network.chainId, address);
  if (existing) return existing;
  const { token } = await readToken(await deps.nodeFor(network.chainId), address, owner, 'Token contract', networkLabel(network));
  const watched: WatchedToken = { ...token, addedAt: Date.now() };
  await deps.tokens.add(owner, network.chainId, watched);
  return watched;
}
