/** eth_chainId, net_version, wallet_switchEthereumChain, wallet_addEthereumChain. */
import { hasInvisible } from '../../shared/displayText';
import { ErrorCode, RpcError, invalidParams } from '../../shared/errors';
import { isAllowedRpcUrl, type Network } from '../../shared/networks';
import { object, positional, quantity, type Hex } from '../../shared/params';
import { switchNetwork } from './switchNetwork';
import { authorizedAccount } from './authorization';
import type { Using } from '../services';
import { Answered, type DappTable, methodsUsing, noAnswer } from './types';

/** The services these methods use. */
type Uses = 'accounts' | 'detection' | 'emit' | 'firewall' | 'networks' | 'permissions' | 'vault';
const method = methodsUsing<Uses>();

const chainIdParam = (params: unknown, name: string): Hex => {
  const arg = object(positional(params, name, 1)[0], 'params[0]');
  return quantity(arg.chainId, 'chainId');
};

const MAX_CHAIN_NAME_CHARS = 64;
/** Endpoints kept of a page's list: enough to fail over, few enough to show on the approval screen. */
const MAX_RPC_URLS = 5;

/** A name the wallet will show: 1 to `max` characters, none that hide or reorder text (a look-alike of a known network). */
function displayedName(value: unknown, field: string, max: number): string {
  if (typeof value !== 'string' || value.trim() === '' || [...value.trim()].length > max) throw invalidParams(`${field} must be 1 to ${max} characters`);
  if (hasInvisible(value)) throw invalidParams(`${field} must not hold control, bidirectional or zero-width characters`);
  return value.trim();
}

/** Parses EIP-3085 AddEthereumChainParameter into a network of ours. */
export function parseAddChain(params: unknown): Network {
  const arg = object(positional(params, 'wallet_addEthereumChain', 1)[0], 'params[0]');
  const chainId = quantity(arg.chainId, 'chainId');
  const chainName = displayedName(arg.chainName, 'chainName', MAX_CHAIN_NAME_CHARS);
  const rpcUrls = Array.isArray(arg.rpcUrls) ? arg.rpcUrls.filter((u): u is string => typeof u === 'string' && isAllowedRpcUrl(u)).slice(0, MAX_RPC_URLS) : [];
  if (rpcUrls.length === 0) throw invalidParams('rpcUrls must hold at least one https URL (http only for localhost)');
  const currency = object(arg.nativeCurrency, 'nativeCurrency');
  const symbol = displayedName(currency.symbol, 'nativeCurrency.symbol', 6);
  const currencyName = typeof currency.name === 'string' ? displayedName(currency.name, 'nativeCurrency.name', MAX_CHAIN_NAME_CHARS) : symbol;
  if (currency.decimals !== 18) throw invalidParams('nativeCurrency.decimals must be 18');
  const explorer = Array.isArray(arg.blockExplorerUrls) ? arg.blockExplorerUrls.find((u): u is string => typeof u === 'string' && u.startsWith('https://')) : undefined;
  return {
    chainId,
    name: chainName,
    rpcUrls,
    nativeCurrency: { name: currencyName, symbol, decimals: 18 },
    blockExplorerUrl: explorer,
    builtIn: false,
    // Assumed until the node rejects a type-4 transaction, which marks the network as without it.
    eip7702: true,
    // Unknown until detected: sponsorship waits for it, sends are not held for inclusion.
    entryPointV08: false,
    fastBlocks: false,
  };
}

/**
 * Switching changes the network every site sees, so only a connected site may (4100 otherwise): among the wallet's
 * built-in networks at once, to a network someone added only after asking the user (the screen `ask` builds).
 */
async function switchOrAsk<D>(services: Using<Uses>, origin: string, network: Network, ask: () => D): Promise<D | Answered<null>> {
  await authorizedAccount(services, origin, undefined, true);
  if (BigInt((await services.networks.selected()).chainId) === BigInt(network.chainId)) return new Answered(null);
  if (!network.builtIn) return ask();
  await switchNetwork(services, network.chainId);
  return new Answered(null);
}

export const chainMethods = {
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
    approval: {
      type: 'switchChain',
      answer: noAnswer,
      async prepare(chainId, { services, origin }) {
        const network = await services.networks.find(chainId);
        if (!network) throw new RpcError(ErrorCode.unrecognizedChain, `Unrecognized chain ID ${chainId}: add it first with wallet_addEthereumChain`);
        return switchOrAsk(services, origin, network, () => network);
      },
      async approve({ details }, _answer, services) {
        await switchNetwork(services, details.chainId);
        return null;
      },
    },
  }),
  wallet_addEthereumChain: method({
    parse: parseAddChain,
    auth: 'none',
    approval: {
      type: 'addChain',
      answer: noAnswer,
      async prepare(network, { services, origin }) {
        const known = await services.networks.find(network.chainId);
        // A known chain is only switched to; the screen then shows it as the wallet has it.
        return known ? switchOrAsk(services, origin, known, () => known) : network;
      },
      // The network exactly as the screen showed it (the allowed RPC URLs, in the page's order).
      async approve({ details }, _answer, services) {
        await services.networks.add(details);
        await switchNetwork(services, details.chainId);
        return null;
      },
    },
  }),
} satisfies DappTable;
