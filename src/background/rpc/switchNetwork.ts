import type { Hex } from '../../shared/params';
import type { Services } from '../services';

/**
 * Selects a network and tells every page (chainChanged), when it is another chain; the delegation firewall looks at
 * the accounts there, and on its first use its node's facts are detected. It joins four domains, so it lives up here
 * (rpc/chains.ts and pages/ use it), not in networks/.
 */
export async function switchNetwork(deps: Pick<Services, 'networks' | 'emit' | 'firewall' | 'detection'>, chainId: Hex): Promise<void> {
  const before = await deps.networks.selected();
  const after = await deps.networks.select(chainId);
  void deps.detection.facts(after).catch((error: Error) => console.warn('[detection] failed', error.message));
  if (BigInt(before.chainId) === BigInt(after.chainId)) return;
  void deps.firewall.check(after.chainId).catch((error: Error) => console.warn('[firewall] check after a network switch failed', error.message));
  await deps.emit('*', 'chainChanged', after.chainId);
}
