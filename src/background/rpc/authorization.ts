/** The 4100 checks shared by every method that acts for an account. */
import { unauthorized } from '../../shared/errors';
import type { Hex } from '../../shared/params';
import type { Services } from '../services';
import { visibleAccounts } from './accounts';

const notConnected = (origin: string) => unauthorized(`${origin} is not connected: call eth_requestAccounts first`);

/**
 * The origin must be connected and `address` one of the accounts it was given. While locked, the
 * wallet answers as if nothing were connected, unless the method will ask the user anyway
 * (`allowLocked`: its approval window unlocks first).
 */
export async function requireAuthorized(services: Services, origin: string, address: Hex, { allowLocked = false } = {}): Promise<Hex> {
  const accounts = allowLocked ? await services.permissions.accountsOf(origin) : await visibleAccounts(services, origin);
  if (accounts.length === 0) throw notConnected(origin);
  const match = accounts.find((a) => a.toLowerCase() === address.toLowerCase());
  if (!match) throw unauthorized(`Account ${address} is not authorized for ${origin}`);
  return match;
}

/**
 * The account an origin acts with when a method names none: its first account, the wallet's selected one when
 * granted. Read from the permissions, so a locked wallet still knows it (the approval window asks to unlock).
 */
export async function requireConnected(services: Services, origin: string): Promise<Hex> {
  const [granted, selected] = await Promise.all([services.permissions.accountsOf(origin), services.accounts.selected()]);
  if (granted.length === 0) throw notConnected(origin);
  return granted.find((a) => a.toLowerCase() === selected?.toLowerCase()) ?? granted[0];
}
