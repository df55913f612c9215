/**
 * Removing an account the phrase does not derive: a Ledger account or an imported key. Its entry leaves the encrypted
 * vault (hence the password), then the list; every site loses it (and is told), the selection moves, and its waiting
 * requests are rejected with what they asked of the device. Only the wallet's pages reach it (a site's call is 4200):
 * the entry `removeAccount` (accounts.ts) parses, this runs, in the worker's later script (laterModules.ts).
 */
import { ErrorCode, RpcError, UNLOCK_FIRST, invalidParams } from '../../shared/errors';
import type { Hex } from '../../shared/params';
import { deviceSignersOf } from '../deviceSigning/types';
import { announceAccounts } from '../permissions/visible';
import type { Using } from '../services';
import { withPassword } from './accounts';

export type RemovalUses = 'accounts' | 'approvals' | 'deviceSigning' | 'emit' | 'permissions' | 'vault' | 'vaultRewrite';

const same = (a: string, b: string | undefined): boolean => a.toLowerCase() === b?.toLowerCase();

export async function removeAccount(services: Using<RemovalUses>, { address, password }: { address: Hex; password: string }): Promise<null> {
  if (!(await services.vault.secret())) throw new RpcError(ErrorCode.unauthorized, UNLOCK_FIRST);
  const accounts = await services.accounts.list();
  const account = accounts.find((a) => same(a.address, address));
  if (!account) throw invalidParams(`${address} is not an account of this wallet`);
  if (!account.imported && !account.ledgerPath) throw invalidParams(`${address} is an account of the recovery phrase: it cannot be removed`);
  if (accounts.length === 1) throw invalidParams(`${address} is the wallet's last account: it cannot be removed`);
  await withPassword(() =>
    services.vaultRewrite.rewrite(password, (secret) =>
      account.ledgerPath
        ? { ...secret, ledgerAccounts: (secret.ledgerAccounts ?? []).filter((_, i) => i !== account.index) }
        : { ...secret, importedKeys: (secret.importedKeys ?? []).filter((_, i) => i !== account.index) },
    ),
  );
  await services.accounts.remove(account.address);
  const sites = Object.entries(await services.permissions.list());
  await services.permissions.dropAccount(account.address);
  // A site that had only this account is no longer connected: announceAccounts no longer lists it.
  await Promise.all(sites.filter(([, p]) => p.accounts.every((a) => same(a, account.address))).map(([origin]) => services.emit(origin, 'accountsChanged', [])));
  await announceAccounts(services);
  for (const waiting of (await services.approvals.pending()).filter((a) => deviceSignersOf(a).some((signer) => same(account.address, signer)))) {
    await services.approvals.settle(waiting.id, { approved: false });
  }
  await services.deviceSigning.forget(account.address);
  return null;
}
