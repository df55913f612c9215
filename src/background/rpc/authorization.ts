/** The 4100 checks shared by every method that acts for an account. */
import { unauthorized } from '../../shared/errors';
import type { Hex } from '../../shared/params';
import type { Services } from '../services';
import { visibleAccounts } from './accounts';

/** The origin must be connected and `address` one of the accounts it was given (and the wallet unlocked). */
export async function requireAuthorized(services: Services, origin: string, address: Hex): Promise<Hex> {
  const accounts = await visibleAccounts(services, origin);
  if (accounts.length === 0) throw unauthorized(`${origin} is not connected: call eth_requestAccounts first`);
  const match = accounts.find((a) => a.toLowerCase() === address.toLowerCase());
  if (!match) throw unauthorized(`Account ${address} is not authorized for ${origin}`);
  return match;
}
