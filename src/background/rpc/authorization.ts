/** The 4100 checks the pipeline runs for methods whose entry says `auth: 'connected' | 'account'`. */
import { unauthorized } from '../../shared/errors';
import type { Hex } from '../../shared/params';
import { selectedFirst } from '../permissions/visible';
import type { Services } from '../services';

const notConnected = (origin: string) => unauthorized(`${origin} is not connected: call eth_requestAccounts first`);

/**
 * The account the origin acts with: `named` when it is one of the origin's, else (none named) the origin's first,
 * the wallet's selected one when granted. `whileLocked`: the method asks the user, whose window unlocks first;
 * otherwise a locked wallet answers as if nothing were connected.
 */
export async function authorizedAccount(services: Pick<Services, 'permissions' | 'accounts' | 'vault'>, origin: string, named: Hex | undefined, whileLocked: boolean): Promise<Hex> {
  const [granted, selected, unlocked] = await Promise.all([
    services.permissions.accountsOf(origin), services.accounts.selected(), services.vault.isUnlocked(),
  ]);
  const accounts = unlocked || whileLocked ? selectedFirst(granted, selected) : [];
  if (accounts.length === 0) throw notConnected(origin);
  if (named === undefined) return accounts[0];
  const match = accounts.find((a) => a.toLowerCase() === named.toLowerCase());
  if (!match) throw unauthorized(`Account ${named} is not authorized for ${origin}`);
  return match;
}
