/** The Home screen's assets: the balance, the watched tokens and collectibles of an account on a chain. */
import { address } from '../../shared/params';
import { collectibleMetadata, collectiblesWithHoldings } from '../collectibles/watchList';
import { addTokenByAddress, tokensWithBalances } from '../tokens/watchList';
import { accountOnChain, accountParam, collectibleParam, fields, text } from './params';
import { askAmount } from '../networks/nodeAmount';
import type { PageFamily } from './types';

/** The services these pages use. */
type Uses = 'accounts' | 'collectibles' | 'networks' | 'assetValues' | 'node' | 'nodeFor' | 'tokens';

export const assetPages = {
  getBalance: { parse: accountParam, read: true, handle: (p, { services }) => askAmount(services.node, 'eth_getBalance', [p.address, 'pending']) },
  getTokens: { parse: accountOnChain, read: true, handle: (p, { services }) => tokensWithBalances(services, p.account, p.chainId) },
  getValues: { parse: accountOnChain, read: true, handle: (p, { services }) => services.assetValues.accountValues(services, p.account, p.chainId) },
  addToken: {
    parse: (params) => ({ ...accountOnChain(params), address: text(fields(params).address, 'address') }),
    handle: (p, { services }) => addTokenByAddress(services, p.account, p.chainId, p.address),
  },
  removeToken: {
    parse: (params) => ({ ...accountOnChain(params), address: address(fields(params).address, 'address') }),
    async handle(p, { services }) {
      await services.tokens.remove(p.account, p.chainId, p.address);
      return null;
    },
  },
  getCollectibles: { parse: accountOnChain, read: true, handle: (p, { services }) => collectiblesWithHoldings(services, p.account, p.chainId) },
  getCollectibleMetadata: {
    parse: collectibleParam,
    read: true,
    handle: (p, { services }) => collectibleMetadata(services, p.account, p.chainId, p.address, p.tokenId),
  },
  removeCollectible: {
    parse: collectibleParam,
    async handle(p, { services }) {
      await services.collectibles.remove(p.account, p.chainId, p.address, p.tokenId);
      return null;
    },
  },
} satisfies PageFamily<Uses>;
