/**
 * Facts detected, not assumed: a network's node is asked (./probes.ts) whether it accepts EIP-7702, has EntryPoint
 * v0.8 and Simple7702Account, knows eth_simulateV1 and eth_sendRawTransactionSync, how fast its blocks come, its
 * bundler whether it serves v0.8, and whether the USDC paymaster the release names for the chain has code. On first use, then once a day, and at once when the user edits the network; the
 * answers are stored by chain (the registry lays them over the release's facts), with the endpoints asked.
 */
import type { DetectedFacts } from '../../shared/networkFacts';
import type { Network } from '../../shared/networks';
import type { Hex } from '../../shared/params';
import type { TypedStorage } from '../storage/typedStorage';
import { acceptsEip7702, blockTimeMs, bundlesForV08, hasCode, hasContracts, knowsSimulateV1, knowsSyncSend, type LoadProbeSigning } from './probes';
import type { NetworksSlice } from './registry';
import { chainKey, storedFacts } from './storedShapes';
import type { ChainNode } from './rpcClient';

/** Detected facts are asked again after this long. */
export const FACTS_TTL_MS = 24 * 60 * 60 * 1000;
/** Per question and endpoint: a node that takes longer is taken as not answering. */
const PROBE_TIMEOUT_MS = 5000;
/** A node that answered nothing is asked again on use after this long, not on every use (a site could make it busy). */
export const NO_ANSWER_RETRY_MS = 60 * 1000;

export interface Detection {
  /** The stored facts while fresh and of the network's present endpoints; else detected now (one run per chain at a time). */
  facts(network: Network): Promise<DetectedFacts | undefined>;
  /** Detected now, whatever is stored (the user edited the network, or asked again). */
  detect(network: Network): Promise<DetectedFacts | undefined>;
  /** What is stored, fresh or not, without asking. */
  stored(chainId: Hex): Promise<DetectedFacts | undefined>;
}

export interface DetectionDeps {
  local: TypedStorage<Pick<NetworksSlice, 'networkFacts'>>;
  /** The network's node across its endpoints (failover), with no nonce tracking: nothing is sent. */
  nodeOf(network: Network): ChainNode;
  bundlerAt(url: string, network: Network): ChainNode;
  now(): number;
  loadProbeSigning: LoadProbeSigning;
}

const sameEndpoints = (facts: DetectedFacts, network: Network): boolean => facts.rpcUrls.join(' ') === network.rpcUrls.join(' ');

async function ask(network: Network, deps: DetectionDeps): Promise<Omit<DetectedFacts, 'at' | 'rpcUrls'>> {
  const node = deps.nodeOf(network);
  const [eip7702, contracts, simulateV1, syncSend, blockTime, bundler, usdcPaymaster] = await Promise.all([
    acceptsEip7702(node, PROBE_TIMEOUT_MS, deps.loadProbeSigning),
    hasContracts(node, PROBE_TIMEOUT_MS),
    knowsSimulateV1(node, PROBE_TIMEOUT_MS),
    knowsSyncSend(node, PROBE_TIMEOUT_MS),
    blockTimeMs(node, PROBE_TIMEOUT_MS),
    network.bundlerUrl ? bundlesForV08(deps.bundlerAt(network.bundlerUrl, network), PROBE_TIMEOUT_MS) : undefined,
    network.usdcPaymaster ? hasCode(node, network.usdcPaymaster.paymaster, PROBE_TIMEOUT_MS) : undefined,
  ]);
  return { eip7702, contracts, simulateV1, syncSend, blockTimeMs: blockTime, bundler, usdcPaymaster };
}

const defined = <T extends object>(facts: T): Partial<T> => Object.fromEntries(Object.entries(facts).filter(([, v]) => v !== undefined)) as Partial<T>;

export function createDetection(deps: DetectionDeps): Detection {
  const running = new Map<string, Promise<DetectedFacts | undefined>>();
  /** When a run of these endpoints last got no answer at all (in memory: a restarted worker asks again). */
  const unanswered = new Map<string, number>();
  const runKey = (network: Network): string => `${chainKey(network.chainId)} ${network.rpcUrls.join(' ')}`;
  const stored = async (chainId: Hex): Promise<DetectedFacts | undefined> => storedFacts(await deps.local.get('networkFacts'), chainId);

  const run = async (network: Network): Promise<DetectedFacts | undefined> => {
    const answers = defined(await ask(network, deps));
    // A node that answered nothing (offline, down) is asked again on use a minute later, not a day later.
    if (Object.keys(answers).length === 0) {
      unanswered.set(runKey(network), deps.now());
      return stored(network.chainId);
    }
    unanswered.delete(runKey(network));
    const key = chainKey(network.chainId);
    const updated = await deps.local.update('networkFacts', (all) => {
      const kept = storedFacts(all, network.chainId);
      const before = kept && sameEndpoints(kept, network) ? kept : undefined;
      // What this run could not tell, an earlier run of the same endpoints may have.
      return { ...all, [key]: { ...before, ...answers, at: deps.now(), rpcUrls: [...network.rpcUrls] } };
    });
    return updated[key];
  };
  const detect = (network: Network): Promise<DetectedFacts | undefined> => {
    const key = runKey(network);
    const pending = running.get(key) ?? run(network).finally(() => running.delete(key));
    running.set(key, pending);
    return pending;
  };

  return {
    detect,
    stored,
    async facts(network) {
      const facts = await stored(network.chainId);
      if (facts && sameEndpoints(facts, network) && deps.now() - facts.at < FACTS_TTL_MS) return facts;
      const silentSince = unanswered.get(runKey(network));
      if (silentSince !== undefined && deps.now() - silentSince < NO_ANSWER_RETRY_MS) return facts;
      return detect(network);
    },
  };
}
