/** wallet_watchAsset (EIP-747): adds an ERC-20 token to the watch list of the origin's account on the selected chain. */
import { watchAssetMismatch, type WatchAssetDetails } from '../../shared/approvals';
import { invalidAsset, parseWatchAsset, type WatchAssetRequest } from '../../shared/schemas/watchAsset';
import { imitatedToken } from '../protection/knownTokens';
import { readToken } from '../tokens/read';
import { networkLabel } from '../tokens/watchList';
import { Answered, method, type AccountContext, type MethodTable } from './types';

/** Reads the token on the chain first, so the approval shows what the contract says rather than what the dapp claims. */
async function prepare(request: WatchAssetRequest, { services, account }: AccountContext): Promise<WatchAssetDetails | Answered> {
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

export const tokenMethods: MethodTable = {
  wallet_watchAsset: method({
    parse: parseWatchAsset,
    auth: 'connected',
    approval: {
      type: 'watchAsset',
      prepare,
      /** Stores the contract's symbol and decimals; a decimals mismatch is never added, whatever the screen answered. */
      async approve({ details }, _answer, services) {
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
};
