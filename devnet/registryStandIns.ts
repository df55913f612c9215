/**
 * The devnet's stand-ins for contracts the ERC-7730 registry describes on other chains (REGISTRY_STAND_INS): the devnet
 * build binds the registry's descriptors at these addresses (scripts/erc7730Registry/devnetAliases.ts). Their runtime
 * code is set at the address, as the delegation framework's is: the address is the registry alias's, not a CREATE2 one.
 */
import { type JsonRpcProvider } from 'ethers';
import { loadArtifact } from '../contracts/compile';
import { REGISTRY_STAND_INS } from './constants';

export async function deployRegistryStandIns(provider: JsonRpcProvider): Promise<void> {
  if ((await provider.getCode(REGISTRY_STAND_INS.aavePool)) !== '0x') return;
  const { bytecode } = await loadArtifact('AavePoolStandIn');
  const runtime = await provider.send('eth_call', [{ data: bytecode }, 'latest']);
  await provider.send('anvil_setCode', [REGISTRY_STAND_INS.aavePool, runtime]);
}
