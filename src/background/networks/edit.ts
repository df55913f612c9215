/**
 * The popup's Networks screen: adding or editing a network, removing one the user added, restoring a built-in one.
 * Every URL is checked (https, or plain http on this machine) and the RPC and bundler are asked eth_chainId before
 * anything is saved, so a typo or a node of another chain is refused with the reason. A built-in network keeps its
 * chain id and name (its URLs and EIP-7702 can change) and cannot be removed.
 */
import { invalidParams, quotedError } from '../../shared/errors';
import { isAllowedBundlerUrl, isAllowedRpcUrl, type Network } from '../../shared/networks';
import type { Hex } from '../../shared/params';
import type { Networks } from './registry';
import { callNode } from './rpcClient';

const PROBE_TIMEOUT_MS = 5000;

export type NetworkInput = Pick<Network, 'chainId' | 'name' | 'rpcUrls' | 'eip7702'> & Partial<Pick<Network, 'blockExplorerUrl' | 'bundlerUrl'>>;

const ON_THIS_MACHINE = 'https:// (or http:// on this machine, 127.0.0.1 or localhost)';

/**
 * Checks the URLs' form, then that the RPC (and the bundler) answer eth_chainId with this network's chain id. A bundler
 * on this machine only in the devnet build (`devnetBuild`). URLs in `known` (the network's own, checked when it was
 * saved or from the release) are not asked again.
 */
export async function checkNetwork(input: NetworkInput, devnetBuild: boolean, known: readonly string[] = []): Promise<void> {
  const rpcUrls: [string, string][] = input.rpcUrls.map((url) => ['RPC URL', url]);
  for (const [field, url] of [...rpcUrls, ['Explorer URL', input.blockExplorerUrl]]) {
    if (url !== undefined && !isAllowedRpcUrl(url)) throw invalidParams(`${field} must be ${ON_THIS_MACHINE}, got ${url}`);
  }
  const twice = input.rpcUrls.find((url, i) => input.rpcUrls.indexOf(url) !== i);
  if (twice !== undefined) throw invalidParams(`RPC URL ${twice} is listed twice; each endpoint once`);
  if (input.bundlerUrl !== undefined && !isAllowedBundlerUrl(input.bundlerUrl, devnetBuild)) {
    throw invalidParams(`Bundler URL must be ${devnetBuild ? ON_THIS_MACHINE : 'https:// on a host that is not this machine'}, got ${input.bundlerUrl}`);
  }
  // Every endpoint: a typo in the second would otherwise show only when the first is down.
  const probes: [string, string | undefined][] = [...rpcUrls, ['Bundler URL', input.bundlerUrl]];
  for (const [field, url] of probes) {
    if (url === undefined || known.includes(url)) continue;
    let answered: string;
    try {
      answered = await callNode<string>({ urls: [url], name: input.name }, 'eth_chainId', [], PROBE_TIMEOUT_MS);
    } catch (error) {
      throw invalidParams(`${field} did not answer eth_chainId: ${quotedError(error)}`);
    }
    if (BigInt(answered) !== BigInt(input.chainId)) {
      throw invalidParams(`${field} serves chain ${BigInt(answered)} (${answered}), not ${BigInt(input.chainId)} (${input.chainId})`);
    }
  }
}

type Editable = Pick<Networks, 'find' | 'add' | 'editBuiltIn' | 'isBuiltIn'>;
/** What setEndpoints keeps of a network: as configured, not as detected. */
type Reorderable = Editable & Pick<Networks, 'configured'>;

/** `known`: as checkNetwork's. */
export async function saveNetwork(networks: Editable, input: NetworkInput, devnetBuild: boolean, known: readonly string[] = []): Promise<Network> {
  const existing = await networks.find(input.chainId);
  const blockExplorerUrl = input.blockExplorerUrl?.replace(/\/+$/, '');
  if (networks.isBuiltIn(input.chainId)) {
    // The release's name stays; only what the form can change of a built-in network is checked and kept.
    const name = existing?.name ?? input.name;
    await checkNetwork({ ...input, name }, devnetBuild, known);
    await networks.editBuiltIn(input.chainId, { rpcUrls: input.rpcUrls, eip7702: input.eip7702, blockExplorerUrl, bundlerUrl: input.bundlerUrl });
    return (await networks.find(input.chainId))!;
  }
  await checkNetwork(input, devnetBuild, known);
  const network: Network = {
    chainId: `0x${BigInt(input.chainId).toString(16)}`,
    name: input.name,
    rpcUrls: input.rpcUrls,
    nativeCurrency: existing?.nativeCurrency ?? { name: 'Ether', symbol: 'ETH', decimals: 18 },
    builtIn: false,
    eip7702: input.eip7702,
    entryPointV08: false,
    fastBlocks: false,
    ...(blockExplorerUrl ? { blockExplorerUrl } : {}),
    ...(input.bundlerUrl ? { bundlerUrl: input.bundlerUrl } : {}),
  };
  await networks.add(network);
  return network;
}

/**
 * Settings → Networks' endpoint list: the network with these endpoints, in this order (the failover tries them so).
 * Only an endpoint it did not have is asked for the chain id, so one that is down now can still be moved or removed.
 */
export async function setEndpoints(networks: Reorderable, chainId: Hex, rpcUrls: string[], devnetBuild: boolean): Promise<Network> {
  const network = await networks.configured(chainId);
  if (!network) throw invalidParams(`Unknown network ${chainId}`);
  const { name, eip7702, blockExplorerUrl, bundlerUrl } = network;
  const known = [...network.rpcUrls, ...(bundlerUrl ? [bundlerUrl] : [])];
  return saveNetwork(networks, { chainId: network.chainId, name, rpcUrls, eip7702, blockExplorerUrl, bundlerUrl }, devnetBuild, known);
}

/** A built-in network back to the release's settings. */
export async function restoreNetwork(networks: Pick<Networks, 'restoreBuiltIn' | 'isBuiltIn'>, chainId: Hex): Promise<void> {
  if (!networks.isBuiltIn(chainId)) throw invalidParams(`${chainId} is not a built-in network: there are no defaults to restore`);
  await networks.restoreBuiltIn(chainId);
}

/** `switchAway` moves every site off the network first when it is the selected one. */
export async function removeNetwork(networks: Pick<Networks, 'remove' | 'selected' | 'isBuiltIn'>, chainId: Hex, switchAway: () => Promise<void>): Promise<void> {
  if (networks.isBuiltIn(chainId)) throw invalidParams(`${chainId} is a built-in network; it cannot be removed`);
  if (BigInt((await networks.selected()).chainId) === BigInt(chainId)) await switchAway();
  await networks.remove(chainId);
}
