import type { Hex } from '../../shared/params';
import type { Emit } from '../transport/types';
import type { Networks } from './registry';

/** Selects a network and tells every page (chainChanged), when it is another chain. */
export async function switchNetwork(deps: { networks: Networks; emit: Emit }, chainId: Hex): Promise<void> {
  const before = await deps.networks.selected();
  const after = await deps.networks.select(chainId);
  if (BigInt(before.chainId) !== BigInt(after.chainId)) await deps.emit('*', 'chainChanged', after.chainId);
}
