import type { Hex } from '../../shared/params';
import type { Services } from '../services';

/**
 * Selects a network and tells every page (chainChanged), when it is another chain; the delegation firewall looks at
 * the accounts there. It joins three domains, so it lives up here (rpc/chains.ts and pages/ use it), not in networks/.
 */
export async function switchNetwork(deps: Pick<Services, 'networks' | 'emit' | 'firewall'>, chainId: Hex): Promise<void> {
  const before = await deps.networks.selected();
  const after = await deps.networks.select(chainId);
  if (BigInt(before.chainId) === BigInt(after.chainId)) return;
  void deps.firewall.check(after.chainId).catch((error: Error) => console.warn('[firewall] check after a network switch failed', error.message));
  await deps.emit('*', 'chainChanged', after.chainId);
}
