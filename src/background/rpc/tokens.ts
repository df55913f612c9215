/** wallet_watchAsset (EIP-747): adds an ERC-20 token to the watch list of the origin's account on the selected chain. */
import { userRejected } from '../../shared/errors';
import type { RpcResponse } from '../../shared/protocol';
import { invalidAsset, parseWatchAsset, type WatchAssetRequest } from '../../shared/schemas/watchAsset';
import { watchAssetMismatch, type WatchAssetDetails } from '../../shared/ui';
import type { ApprovalDecision, ApprovalRecord } from '../approvals/types';
import type { Services } from '../services';
import { readToken } from '../tokens/read';
import { networkLabel } from '../tokens/watchList';
import { requireConnected } from './authorization';
import { DEFERRED, method, type MethodTable, type RequestContext } from './types';

/** Reads the token on the chain first, so the approval shows what the contract says rather than what the dapp claims. */
async function watchAsset(request: WatchAssetRequest, ctx: RequestContext): Promise<true | typeof DEFERRED> {
  const { services, origin } = ctx;
  const account = await requireConnected(services, origin);
  const network = await services.networks.selected();
  if (await services.tokens.find(account, network.chainId, request.address)) return true;
  const node = await services.nodeFor(network.chainId);
  const token = await readToken(node, request.address, account, 'options.address', networkLabel(network));
  const details: WatchAssetDetails = {
    account,
    chainId: network.chainId,
    networkName: network.name,
    token: {
      address: token.address,
      symbol: token.symbol,
      decimals: token.decimals,
      balance: token.balance.toString(),
      ...(token.name === undefined ? {} : { name: token.name }),
      ...(request.image === undefined ? {} : { image: request.image }),
    },
    requested: { symbol: request.symbol, decimals: request.decimals },
  };
  await services.approvals.request('watchAsset', ctx, details);
  return DEFERRED;
}

/** Stores the contract's symbol and decimals; a decimals mismatch is never added, whatever the approval screen answered. */
export async function completeWatchAsset(services: Services, record: ApprovalRecord, decision: ApprovalDecision): Promise<RpcResponse> {
  if (!decision.approved) return { error: userRejected().toObject() };
  const details = record.details as WatchAssetDetails;
  const { token, requested } = details;
  if (watchAssetMismatch(details).decimals) {
    return { error: invalidAsset(`options.decimals ${requested.decimals} does not match the contract's decimals() ${token.decimals}`).toObject() };
  }
  const { balance: _balance, ...kept } = token;
  await services.tokens.add(details.account, details.chainId, { ...kept, addedAt: Date.now() });
  return { result: true };
}

export const tokenMethods: MethodTable = {
  wallet_watchAsset: method({ parse: parseWatchAsset, handle: watchAsset }),
};
