/** eth_chainId, net_version, wallet_switchEthereumChain, wallet_addEthereumChain. */
import { ErrorCode, RpcError, invalidParams } from '../../shared/errors';
import { isAllowedRpcUrl, type Network } from '../../shared/networks';
import { object, positional, quantity, type Hex } from '../../shared/params';
import { switchNetwork } from '../networks/switch';
import { Answered, method, type MethodTable } from './types';

const chainIdParam = (params: unknown, name: string): Hex => {
  const arg = object(positional(params, name, 1)[0], 'params[0]');
  return quantity(arg.chainId, 'chainId');
};

/** Parses EIP-3085 AddEthereumChainParameter into a network of ours. */
export function parseAddChain(params: unknown): Network {
  const arg = object(positional(params, 'wallet_addEthereumChain', 1)[0], 'params[0]');
  const chainId = quantity(arg.chainId, 'chainId');
  if (typeof arg.chainName !== 'string' || arg.chainName.trim() === '') throw invalidParams('chainName must be a non-empty string');
  const rpcUrl = Array.isArray(arg.rpcUrls) ? arg.rpcUrls.find((u): u is string => typeof u === 'string' && isAllowedRpcUrl(u)) : undefined;
  if (!rpcUrl) throw invalidParams('rpcUrls must hold at least one https URL (http only for localhost)');
  const currency = object(arg.nativeCurrency, 'nativeCurrency');
  if (typeof currency.symbol !== 'string' || currency.symbol.length < 1 || currency.symbol.length > 6) {
    throw invalidParams('nativeCurrency.symbol must be 1 to 6 characters');
  }
  if (currency.decimals !== 18) throw invalidParams('nativeCurrency.decimals must be 18');
  const explorer = Array.isArray(arg.blockExplorerUrls) ? arg.blockExplorerUrls.find((u): u is string => typeof u === 'string' && u.startsWith('https://')) : undefined;
  return {
    chainId,
    name: arg.chainName.trim(),
    rpcUrl,
    nativeCurrency: { name: typeof currency.name === 'string' ? currency.name : currency.symbol, symbol: currency.symbol, decimals: 18 },
    blockExplorerUrl: explorer,
    builtIn: false,
    // Assumed until the node rejects a type-4 transaction, which marks the network as without it.
    eip7702: true,
  };
}

export const chainMethods: MethodTable = {
  eth_chainId: method({
    parse: (params) => positional(params, 'eth_chainId', 0),
    auth: 'none',
    handle: async (_params, { services }) => (await services.networks.selected()).chainId,
  }),
  net_version: method({
    parse: (params) => positional(params, 'net_version', 0),
    auth: 'none',
    handle: async (_params, { services }) => BigInt((await services.networks.selected()).chainId).toString(10),
  }),
  wallet_switchEthereumChain: method({
    parse: (params) => chainIdParam(params, 'wallet_switchEthereumChain'),
    auth: 'none',
    async handle(chainId, { services }) {
      const network = await services.networks.find(chainId);
      if (!network) {
        throw new RpcError(ErrorCode.unrecognizedChain, `Unrecognized chain ID ${chainId}: add it first with wallet_addEthereumChain`);
      }
      await switchNetwork(services, network.chainId);
      return null;
    },
  }),
  wallet_addEthereumChain: method({
    parse: parseAddChain,
    auth: 'none',
    approval: {
      type: 'addChain',
      async prepare(network, { services }) {
        if (!(await services.networks.find(network.chainId))) return network;
        await switchNetwork(services, network.chainId);
        return new Answered(null);
      },
      // The network exactly as the screen showed it (the first allowed RPC URL).
      async approve({ details }, _answer, services) {
        await services.networks.add(details);
        await switchNetwork(services, details.chainId);
        return null;
      },
    },
  }),
};
