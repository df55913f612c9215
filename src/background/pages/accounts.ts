/**
 * The Accounts screen: add, rename, select, and the requests that need the password: import a private key, remove an
 * imported key or a Ledger account, reveal the phrase, change the password.
 */
import { ErrorCode, INCORRECT_PASSWORD, RpcError, UNLOCK_FIRST, invalidParams } from '../../shared/errors';
import type { AccountView } from '../../shared/walletState';
import { address as addressParam } from '../../shared/params';
import { announceAccounts } from '../permissions/visible';
import type { Using } from '../services';
import { accountName, accountParam, fields, none, text } from './params';
import type { PageFamily } from './types';
import { WrongPasswordError } from '../vault/crypto';
import { ThrottledError } from '../vault/vault';

/** The services these pages use. */
type Uses = 'accounts' | 'accountRemoval' | 'approvals' | 'deviceSigning' | 'emit' | 'keyCode' | 'permissions' | 'vault' | 'vaultRewrite';

/** A wrong password is the user's mistake, said as such (4100 like unlock), and too many say when to try again. */
export async function withPassword<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof WrongPasswordError) throw new RpcError(ErrorCode.unauthorized, INCORRECT_PASSWORD);
    if (error instanceof ThrottledError) throw new RpcError(ErrorCode.limitExceeded, error.message, { retryAt: error.retryAt });
    throw error;
  }
}

export async function importPrivateKey(services: Using<Uses>, p: { privateKey: string; password: string }): Promise<AccountView> {
  const { privateKey, address } = await services.keyCode.importedKey(p.privateKey);
  if ((await services.accounts.list()).some((a) => a.address.toLowerCase() === address.toLowerCase())) {
    throw invalidParams(`${address} is already an account of this wallet`);
  }
  let keyIndex = 0;
  await withPassword(() =>
    services.vaultRewrite.rewrite(p.password, (secret) => {
      const keys = secret.importedKeys ?? [];
      keyIndex = keys.length;
      return { ...secret, importedKeys: [...keys, privateKey] };
    }),
  );
  const { name } = await services.accounts.addImported(address, keyIndex);
  await services.accounts.select(address);
  await announceAccounts(services);
  return { address, name };
}

export const revealPhrase = (services: Using<Uses>, password: string): Promise<string> =>
  withPassword(async () => (await services.vaultRewrite.verified(password)).mnemonic);

export async function changePassword(services: Using<Uses>, p: { current: string; next: string }): Promise<null> {
  await withPassword(() => services.vaultRewrite.rewrite(p.current, (secret) => secret, p.next));
  return null;
}

export const accountPages = {
  addAccount: {
    parse: none,
    async handle(_p, { services }) {
      const secret = await services.vault.secret();
      if (!secret) throw new RpcError(ErrorCode.unauthorized, UNLOCK_FIRST);
      const { address: added, name } = await services.accounts.addNext(secret.mnemonic);
      return { address: added, name };
    },
  },
  renameAccount: {
    parse(params) {
      const p = fields(params);
      return { address: addressParam(p.address, 'address'), name: accountName(p.name, 'name') };
    },
    handle: async (p, { services }) => (await services.accounts.rename(p.address, p.name), null),
  },
  selectAccount: {
    parse: accountParam,
    async handle(p, { services }) {
      await services.accounts.select(p.address);
      await announceAccounts(services);
      return null;
    },
  },
  importPrivateKey: {
    parse: (params) => ({ privateKey: text(fields(params).privateKey, 'privateKey'), password: text(fields(params).password, 'password') }),
    handle: (p, { services }) => importPrivateKey(services, p),
  },
  // Run by accountRemoval.ts, in the worker's later script.
  removeAccount: {
    parse: (params) => ({ address: addressParam(fields(params).address, 'address'), password: text(fields(params).password, 'password') }),
    handle: (p, { services }) => services.accountRemoval.removeAccount(services, p),
  },
  revealPhrase: {
    parse: (params) => ({ password: text(fields(params).password, 'password') }),
    handle: (p, { services }) => revealPhrase(services, p.password),
  },
  changePassword: {
    parse: (params) => ({ current: text(fields(params).current, 'current'), next: text(fields(params).next, 'next') }),
    handle: (p, { services }) => changePassword(services, p),
  },
} satisfies PageFamily<Uses>;
