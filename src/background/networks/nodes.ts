/**
 * The wallet's ways to its networks' nodes: one ChainNode per network as read, which tracks the nonces the wallet
 * sends (./nonceTracker.ts); the selected network's, whose answering or not pages hear (./reachability.ts); a bundler
 * at a URL; and what each node was found to do (./detection.ts), whose probes send nothing and so track no nonce.
 */
import type { Network } from '../../shared/networks';
import type { Hex } from '../../shared/params';
import { createDetection, type Detection, type DetectionDeps } from './detection';
import { createNonceTracker, type LoadTransactionCode } from './nonceTracker';
import { trackReachability, type Emit } from './reachability';
import type { Networks } from './registry';
import { callNode, nodeOf, type ChainNode, type Endpoint } from './rpcClient';

export interface NodesDeps {
  networks: Pick<Networks, 'selected' | 'find'>;
  /** Where the detected facts are kept. */
  local: DetectionDeps['local'];
  /** To every frame: the selected node stopped answering, or answers again. */
  emit: Emit;
  loadTransactionCode: LoadTransactionCode;
  loadProbeSigning: DetectionDeps['loadProbeSigning'];
  now(): number;
}

export interface Nodes {
  /** JSON-RPC to the selected network's node. */
  node: ChainNode;
  /** JSON-RPC to one network's node. */
  nodeFor(chainId: Hex): Promise<ChainNode>;
  /** JSON-RPC to the ERC-4337 bundler at `url`, named after its network. */
  bundlerAt(url: string, network: Network): ChainNode;
  detection: Detection;
}

export function createNodes(deps: NodesDeps): Nodes {
  const { networks } = deps;
  const observeNode = trackReachability(deps.emit);
  const trackNonces = createNonceTracker(deps.loadTransactionCode);
  const untracked = (endpoint: Endpoint): ChainNode => (method, params, options) => callNode(endpoint, method, params, options?.timeoutMs);
  /** One per network as read: the selected one is the same object (./rememberSelected.ts) until anything changes. */
  const nodes = new WeakMap<Network, ChainNode>();
  const nodeOfNetwork = (network: Network): ChainNode => {
    let node = nodes.get(network);
    if (!node) nodes.set(network, (node = trackNonces(network.chainId, untracked(nodeOf(network)))));
    return node;
  };
  const bundlerAt = (url: string, network: Network): ChainNode => untracked({ urls: [url], name: `${network.name} (bundler)` });
  return {
    async node(method, params) {
      const network = await networks.selected();
      return observeNode(network.chainId, nodeOfNetwork(network)(method, params));
    },
    async nodeFor(chainId) {
      const network = await networks.find(chainId);
      if (!network) throw new Error(`Unknown network ${chainId}`);
      return nodeOfNetwork(network);
    },
    bundlerAt,
    detection: createDetection({ local: deps.local, nodeOf: (network) => untracked(nodeOf(network)), bundlerAt, now: deps.now, loadProbeSigning: deps.loadProbeSigning }),
  };
}
