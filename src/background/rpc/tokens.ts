/**
 * wallet_watchAsset (EIP-747): adds an ERC-20 token, or an ERC-721 / ERC-1155 token (MetaMask's shape), to the
 * watch list of the origin's account on the selected chain.
 */
import { watchAssetMismatch, type WatchAssetDetails, type WatchCollectibleDetails } from '../../shared/approvals/watchAsset';
import { invalidAsset, parseWatchAsset, type WatchAssetRequest, type WatchCollectibleRequest } from '../../shared/schemas/watchAsset';
import { readCollectible } from '../collectibles/read';
import { imitatedToken } from '../protection/knownTokens';
import { readToken } from '../tokens/read';
import { networkLabel } from '../tokens/watchList';
import type { Using } from '../services';
import { type AccountContext, Answered, type DappTable, methodsUsing, noAnswer } from './types';

/** The services these methods use. */
type Uses = 'collectibles' | 'networks' | 'nodeFor' | 'tokens';
const method = methodsUsing<Uses>();

type Details = WatchAssetDetails | WatchCollectibleDetails;

const isCollectible = (request: WatchAssetRequest | WatchCollectibleRequest): request is WatchCollectibleRequest => request.type !== 'ERC20';

/** Checks the contract and the account's holding on chain before any window: not held answers -32602 at once. */
async function prepareCollectible(request: WatchCollectibleRequest, { services, account }: AccountContext<Using<Uses>>): Promise<WatchCollectibleDetails | Answered<boolean>> {
  const network = await services.networks.selected();
  if (await services.collectibles.find(account, network.chainId, request.address, request.tokenId)) return new Answered(true);
  const node = await services.nodeFor(network.chainId);
  const { collectible, balance } = await readCollectible(node, { standard: request.type, address: request.address, tokenId: request.tokenId }, account, networkLabel(network));
  return { account, chainId: network.chainId, networkName: network.name, collectible: { ...collectible, balance: balance.toString() } };
}

/** Reads the token on the chain first, so the approval shows what the contract says rather than what the dapp claims. */
async function prepare(request: WatchAssetRequest | WatchCollectibleRequest, ctx: AccountContext<Using<Uses>>): Promise<Details | Answered<boolean>> {
  if (isCollectible(request)) return prepareCollectible(request, ctx);
  const { services, account } = ctx;
  const network = await services.networks.selected();
  if (await services.tokens.find(account, network.chainId, request.address)) return new Answered(true);
  const node = await services.nodeFor(network.chainId);
  const { token, balance } = await readToken(node, request.address, account, 'options.address', networkLabel(network));
  const imitates = imitatedToken(network.chainId, token);
  return {
    account,
    chainId: network.chainId,
    networkName: network.name,
    token: { ...token, balance: balance.toString(), ...(request.image === undefined ? {} : { image: request.image }) },
    requested: { symbol: request.symbol, decimals: request.decimals },
    ...(imitates ? { imitates } : {}),
  };
}

export const tokenMethods = {
  wallet_watchAsset: method({
    parse: parseWatchAsset,
    auth: 'connected',
    approval: {
      type: 'watchAsset',
      answer: noAnswer,
      prepare,
      /** Stores the contract's values; an ERC-20 decimals mismatch is never added, whatever the screen answered. */
      async approve({ details }, _answer, services) {
        if ('collectible' in details) {
          const { balance: _balance, ...kept } = details.collectible;
          await services.collectibles.add(details.account, details.chainId, { ...kept, addedAt: Date.now() });
          return true;
        }
        const { token, requested } = details;
        if (watchAssetMismatch(details).decimals) {
          throw invalidAsset(`options.decimals ${requested.decimals} does not match the contract's decimals() ${token.decimals}`);
        }
        const { balance: _balance, ...kept } = token;
        await services.tokens.add(details.account, details.chainId, { ...kept, addedAt: Date.now() });
        return true;
      },
    },
  }),
} satisfies DappTable;
