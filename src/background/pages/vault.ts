/** The wallet's lifecycle for the pages: a new phrase, create, unlock, lock, and Reset wallet. */
import { ErrorCode, INCORRECT_PASSWORD, RpcError, invalidParams } from '../../shared/errors';
import { RESET_CONFIRMATION } from '../../shared/pages';
import { NETWORKS_DEFAULTS } from '../networks/registry';
import { announceAccounts } from '../permissions/visible';
import type { Accounts } from '../accounts/accounts';
import type { KeyCode } from '../accounts/lazyKeyCode';
import type { Approvals } from '../approvals/approvals';
import type { Firewall } from '../firewall/watch';
import type { Networks } from '../networks/registry';
import type { Permissions } from '../permissions/permissions';
import type { Services } from '../services';
import { CorruptVaultError, WrongPasswordError } from '../vault/crypto';
import { ThrottledError, type Vault } from '../vault/vault';
import { fields, none, text } from './params';
import type { PageFamily } from './types';

/** The services these pages use. */
type Uses = 'accounts' | 'approvals' | 'emit' | 'firewall' | 'keyCode' | 'networks' | 'permissions' | 'resetStorage' | 'vault';

/** A new wallet from a phrase (typed or generated): the accounts of an earlier phrase, and the sites' grants, are gone. */
export async function createWallet(
  services: { vault: Pick<Vault, 'create'>; accounts: Pick<Accounts, 'reset'>; permissions: Pick<Permissions, 'revokeAll'>; keyCode: Pick<KeyCode, 'isValidPhrase'> },
  p: { mnemonic: string; password: string },
): Promise<null> {
  const phrase = p.mnemonic.trim().toLowerCase().split(/\s+/).join(' ');
  if (!(await services.keyCode.isValidPhrase(phrase))) throw invalidParams('This is not a valid BIP-39 recovery phrase');
  // The accounts first: the popup shows the wallet once its vault opens, and it must have its account then (a Receive
  // clicked in between found none).
  await services.accounts.reset(phrase);
  await services.vault.create({ mnemonic: phrase }, p.password);
  // Sites were granted accounts of the previous phrase, which are gone now.
  await services.permissions.revokeAll();
  return null;
}

/** When the next unlock may be tried, as a refusal's data; none when now. */
const waitOf = async (vault: Services['vault']): Promise<{ retryAt: number } | undefined> => {
  const retryAt = await vault.unlockRetryAt();
  return retryAt === null ? undefined : { retryAt };
};

/** The vault's errors as the unlock screen shows them: a wrong password 4100 (with `retryAt` when it starts a wait), too many -32005 with `retryAt`, a damaged vault -32603. */
export async function unlock(
  services: Pick<Services, 'vault' | 'accounts' | 'permissions' | 'emit'> & { firewall: Pick<Firewall, 'check'> },
  password: string,
): Promise<null> {
  try {
    await services.vault.unlock(password);
  } catch (error) {
    // The failure that starts a wait says when it ends: the form shows it without waiting for the state.
    if (error instanceof WrongPasswordError) throw new RpcError(ErrorCode.unauthorized, INCORRECT_PASSWORD, await waitOf(services.vault));
    if (error instanceof ThrottledError) throw new RpcError(ErrorCode.limitExceeded, error.message, { retryAt: error.retryAt });
    if (error instanceof CorruptVaultError) throw new RpcError(ErrorCode.internal, error.message);
    throw error;
  }
  // The stored list is checked against the keys before anyone is told of an account.
  await services.accounts.verify();
  await announceAccounts(services);
  void services.firewall.check().catch((error: Error) => console.warn('[firewall] check at unlock failed', error.message));
  return null;
}

/** Back to a fresh install: waiting requests are answered 4001 and every site hears it lost its accounts before anything is forgotten. */
export async function resetWallet(
  services: Pick<Services, 'permissions' | 'emit' | 'resetStorage'> & { approvals: Pick<Approvals, 'rejectAll'>; networks: Pick<Networks, 'selected'> },
  lock: () => Promise<void>,
): Promise<null> {
  await services.approvals.rejectAll();
  const sites = Object.keys(await services.permissions.list());
  await services.permissions.revokeAll();
  await Promise.all(sites.map((origin) => services.emit(origin, 'accountsChanged', [])));
  await lock();
  const chainBefore = (await services.networks.selected()).chainId;
  await services.resetStorage();
  // A fresh wallet is on the default chain: pages (and the chain id their content scripts answer) hear it.
  const chainAfter = NETWORKS_DEFAULTS.selectedChainId;
  if (BigInt(chainBefore) !== BigInt(chainAfter)) await services.emit('*', 'chainChanged', chainAfter);
  return null;
}

export const vaultPages = {
  generatePhrase: { parse: none, handle: (_p, { services }) => services.keyCode.newPhrase() },
  createWallet: {
    parse: (params) => ({ mnemonic: text(fields(params).mnemonic, 'mnemonic'), password: text(fields(params).password, 'password') }),
    handle: (p, { services }) => createWallet(services, p),
  },
  unlock: { parse: (params) => ({ password: text(fields(params).password, 'password') }), handle: (p, { services }) => unlock(services, p.password) },
  lock: { parse: none, handle: async (_p, { lock }) => (await lock(), null) },
  resetWallet: {
    parse(params) {
      const { confirmation } = fields(params);
      if (confirmation !== RESET_CONFIRMATION) throw invalidParams(`Type ${RESET_CONFIRMATION} to reset the wallet`);
      return { confirmation };
    },
    handle: (_p, { services, lock }) => resetWallet(services, lock),
  },
} satisfies PageFamily<Uses>;
