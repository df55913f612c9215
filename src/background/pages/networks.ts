/**
 * The Networks screen: select, add or edit, restore a built-in one's settings, remove; move, add and remove a network's
 * endpoints; each network's endpoint in use and detected facts.
 */
import type { DetectedFacts, NetworkStatus } from '../../shared/networkFacts';
import type { Network } from '../../shared/networks';
import type { Hex } from '../../shared/params';
import { removeNetwork, restoreNetwork, saveNetwork, setEndpoints } from '../networks/edit';
import { endpointInUse } from '../networks/rpcClient';
import { switchNetwork } from '../rpc/switchNetwork';
import type { Services } from '../services';
import { chainParam, endpointsParam, networkForm, none } from './params';
import type { PageFamily } from './types';

/** The services these pages use. */
type Uses = 'detection' | 'devnetBuild' | 'emit' | 'firewall' | 'networks';

/** Facts of other endpoints (the user changed them since) are not the network's: none are shown until detected anew. */
const statusOf = (network: Network, detected: DetectedFacts | undefined): NetworkStatus => ({
  chainId: network.chainId,
  endpointInUse: endpointInUse(network.rpcUrls),
  detected: detected && detected.rpcUrls.join(' ') === network.rpcUrls.join(' ') ? detected : null,
});

async function known(services: Pick<Services, 'networks'>, chainId: Hex): Promise<Network> {
  const network = await services.networks.find(chainId);
  if (!network) throw new Error(`Unknown network ${chainId}`);
  return network;
}

/** The user changed the network (maybe its endpoints): its node is asked again, in the background. */
async function detectAfterEdit(services: Pick<Services, 'networks' | 'detection'>, chainId: Hex): Promise<void> {
  void services.detection.detect(await known(services, chainId)).catch((error: Error) => console.warn('[detection] failed', error.message));
}

export const networkPages = {
  selectNetwork: { parse: chainParam, handle: async (p, { services }) => (await switchNetwork(services, p.chainId), null) },
  saveNetwork: {
    parse: networkForm,
    async handle(p, { services }) {
      await saveNetwork(services.networks, p, services.devnetBuild);
      await detectAfterEdit(services, p.chainId);
      return null;
    },
  },
  setNetworkEndpoints: {
    parse: endpointsParam,
    async handle(p, { services }) {
      await setEndpoints(services.networks, p.chainId, p.rpcUrls, services.devnetBuild);
      await detectAfterEdit(services, p.chainId);
      return null;
    },
  },
  restoreNetwork: {
    parse: chainParam,
    async handle(p, { services }) {
      await restoreNetwork(services.networks, p.chainId);
      await detectAfterEdit(services, p.chainId);
      return null;
    },
  },
  removeNetwork: {
    parse: chainParam,
    async handle({ chainId }, { services }) {
      await removeNetwork(services.networks, chainId, async () => switchNetwork(services, (await services.networks.all())[0].chainId));
      return null;
    },
  },
  getNetworkStatus: {
    parse: none,
    read: true,
    handle: async (_p, { services }) => Promise.all((await services.networks.all()).map(async (n) => statusOf(n, await services.detection.stored(n.chainId)))),
  },
  detectNetwork: {
    parse: chainParam,
    async handle({ chainId }, { services }) {
      const network = await known(services, chainId);
      return statusOf(network, await services.detection.detect(network));
    },
  },
} satisfies PageFamily<Uses>;
