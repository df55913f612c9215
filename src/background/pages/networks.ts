/** The Networks screen: select, add or edit, restore a built-in one's settings, remove. */
import { removeNetwork, restoreNetwork, saveNetwork } from '../networks/edit';
import { switchNetwork } from '../rpc/switchNetwork';
import { chainParam, networkForm } from './params';
import type { PageFamily } from './types';

export const networkPages = {
  selectNetwork: { parse: chainParam, handle: async (p, { services }) => (await switchNetwork(services, p.chainId), null) },
  saveNetwork: { parse: networkForm, handle: async (p, { services }) => (await saveNetwork(services.networks, p, services.devnetBuild), null) },
  restoreNetwork: { parse: chainParam, handle: async (p, { services }) => (await restoreNetwork(services.networks, p.chainId), null) },
  removeNetwork: {
    parse: chainParam,
    async handle({ chainId }, { services }) {
      await removeNetwork(services.networks, chainId, async () => switchNetwork(services, (await services.networks.all())[0].chainId));
      return null;
    },
  },
} satisfies PageFamily;
