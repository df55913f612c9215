/**
 * The selected network, asked on most requests, kept in memory: read once, then served until extension storage says
 * anything changed (storage.onChanged) or the wallet itself changes the networks, so storage stays the truth.
 */
import type { Network } from '../../shared/networks';
import type { Networks } from './registry';

/** `forget`: for writes that bypass these networks (a wallet reset), before storage.onChanged reports them. */
export function rememberSelected(networks: Networks, onChanged: (listener: () => void) => void): Networks & { forget(): void } {
  let remembered: Promise<Network> | null = null;
  const forget = () => void (remembered = null);
  onChanged(forget);
  /** Forgotten before and after the write: a read that began meanwhile must not be kept either. */
  const changing = async <T>(write: Promise<T>): Promise<T> => {
    forget();
    try {
      return await write;
    } finally {
      forget();
    }
  };
  return {
    ...networks,
    forget,
    selected() {
      if (remembered) return remembered;
      const reading = networks.selected();
      remembered = reading;
      // A failed read is not kept.
      reading.catch(() => (remembered === reading ? forget() : undefined));
      return reading;
    },
    select: (chainId) => changing(networks.select(chainId)),
    add: (network) => changing(networks.add(network)),
    remove: (chainId) => changing(networks.remove(chainId)),
    markWithoutEip7702: (chainId) => changing(networks.markWithoutEip7702(chainId)),
    editBuiltIn: (chainId, edit) => changing(networks.editBuiltIn(chainId, edit)),
    restoreBuiltIn: (chainId) => changing(networks.restoreBuiltIn(chainId)),
  };
}
