/**
 * The devnet's stand-ins for contracts the ERC-7730 registry describes on other chains (REGISTRY_STAND_INS): the devnet
 * build binds the registry's descriptors at these addresses (scripts/erc7730Registry/devnetAliases.ts). Their runtime
 * code is set at the address, as the delegation framework's is: the address is the registry alias's, not a CREATE2 one.
 */
import { type JsonRpcProvider } from 'ethers';
import { loadArtifact } from '../contracts/compile';
import { REGISTRY_STAND_INS } from './constants';

const STAND_INS = [
  { name: 'AavePoolStandIn', address: REGISTRY_STAND_INS.aavePool },
  { name: 'OneInchRouterStandIn', address: REGISTRY_STAND_INS.oneInchRouter },
] as const;

export async function deployRegistryStandIns(provider: JsonRpcProvider): Promise<void> {
  await Promise.all(STAND_INS.map(async ({ name, address }) => {
    if ((await provider.getCode(address)) !== '0x') return;
    const { bytecode } = await loadArtifact(name);
    const runtime = await provider.send('eth_call', [{ data: bytecode }, 'latest']);
    await provider.send('anvil_setCode', [address, runtime]);
  }));
}
