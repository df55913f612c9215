/**
 * The devnet build's only: the wallet's own descriptors bound on the devnet's chain too, where its stand-ins are, so
 * the e2e tests review a Uniswap router call there as on mainnet. The production build leaves all of it out (its
 * `__DEVNET_BUILD__` is false): its descriptors are the files as they are.
 */
import type { Descriptor } from '../../shared/erc7730/types';

declare const __DEVNET_BUILD__: boolean;

/** devnet/constants.ts UNISWAP_ROUTER_STAND_IN, on the devnet's chain (31337). */
const DEVNET_DEPLOYMENTS: Record<string, { chainId: number; address: string }[]> = {
  'Uniswap Universal Router 2.0': [{ chainId: 31337, address: '0x0000000000000000000000000000000000077300' }],
};

function addDevnetDeployments(descriptor: Descriptor): Descriptor {
  const added = DEVNET_DEPLOYMENTS[descriptor.context.$id ?? ''];
  const contract = descriptor.context.contract;
  if (!added || !contract?.deployments) return descriptor;
  return { ...descriptor, context: { ...descriptor.context, contract: { ...contract, deployments: [...contract.deployments, ...added] } } };
}

export const withDevnetDeployments = __DEVNET_BUILD__ ? addDevnetDeployments : (descriptor: Descriptor): Descriptor => descriptor;
