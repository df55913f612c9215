import type { Hex } from '../../shared/params';
import type { Firewall } from '../firewall/watch';
import type { Emit } from '../transport/types';
import type { Networks } from './registry';

/**
 * Selects a network and tells every page (chainChanged), when it is another chain; the delegation firewall looks at
 * the accounts there.
 */
export async function switchNetwork(deps: { networks: Networks; emit: Emit; firewall: Pick<Firewall, 'check'> }, chainId: Hex): Promise<void> {
  const before = await deps.networks.selected();
  const after = await deps.networks.select(chainId);
  if (BigInt(before.chainId) === BigInt(after.chainId)) return;
  void deps.firewall.check(after.chainId).catch((error: Error) => console.warn('[firewall] check after a network switch failed', error.message));
  await deps.emit('*', 'chainChanged', after.chainId);
}
