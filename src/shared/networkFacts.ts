import type { Network } from './networks';
import type { Hex } from './params';

/** What the wallet found out by asking a network's node (src/background/networks/detection.ts), and when. */
export interface DetectedFacts {
  /** Epoch ms of the detection; the facts are asked again a day later, or at once when the network is edited. */
  at: number;
  /** The endpoints that were asked: facts hold for that set, and are asked anew when it changes. */
  rpcUrls: string[];
  // Each fact below is undefined when the node's answer could not tell (it did not answer, or answered something else).
  /** A type-4 transaction's delegation ran (eth_call with a signed authorization from a throwaway key). */
  eip7702?: boolean;
  /** EntryPoint v0.8 and Simple7702Account have code at their canonical addresses. */
  contracts?: boolean;
  /** The node knows eth_simulateV1. */
  simulateV1?: boolean;
  /** The node knows eth_sendRawTransactionSync (EIP-7966). */
  syncSend?: boolean;
  /** The network's bundler lists EntryPoint v0.8 (eth_supportedEntryPoints); undefined without a bundler. */
  bundler?: boolean;
  /** The chain's USDC paymaster (`Network.usdcPaymaster`) has code; undefined where the release names none. */
  usdcPaymaster?: boolean;
  /** Mean time between the last blocks. */
  blockTimeMs?: number;
}

/** A network as Settings → Networks shows it: the endpoint requests go to now, and what was detected. */
export interface NetworkStatus {
  chainId: Hex;
  /** The failover's current choice: the first endpoint in the user's order that is not backing off. */
  endpointInUse: string;
  detected: DetectedFacts | null;
}

/** Blocks within this time: waiting for inclusion in the send itself pays off. */
export const FAST_BLOCK_MS = 2000;

/**
 * The network with what detection found over the release's (or the user's) facts, when it asked the network's
 * present endpoints. EIP-7702 the user turned off stays off; a fact the node could not tell stays as it was.
 */
export function withDetected(network: Network, facts: DetectedFacts | undefined): Network {
  if (!facts || facts.rpcUrls.join(' ') !== network.rpcUrls.join(' ')) return network;
  const turnedOff = !network.eip7702 && (network.edited === true || !network.builtIn);
  return {
    ...network,
    eip7702: turnedOff ? false : (facts.eip7702 ?? network.eip7702),
    entryPointV08: facts.contracts ?? network.entryPointV08,
    fastBlocks: facts.blockTimeMs === undefined ? network.fastBlocks : facts.blockTimeMs <= FAST_BLOCK_MS,
  };
}
