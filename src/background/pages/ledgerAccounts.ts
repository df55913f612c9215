/**
 * The add-account page's methods: Ledger accounts (an address and its path, no key) kept in the encrypted vault and
 * listed; the balances of the addresses it shows. Only the wallet's own pages reach this table: a site's call of the
 * same name is one of the unknown methods (4200).
 */
import { getAddress } from 'ethers';
import { ErrorCode, RpcError, UNLOCK_FIRST, invalidParams } from '../../shared/errors';
import type { LedgerAccountForm } from '../../shared/pages';
import type { AccountView } from '../../shared/walletState';
import { address as addressParam, type Hex } from '../../shared/params';
import { isLedgerAccountPath } from '../accounts/ledgerAccounts';
import { announceAccounts } from '../permissions/visible';
import type { Using } from '../services';
import { withPassword } from './accounts';
import { accountName, fields, text } from './params';
import { askAmount } from '../networks/nodeAmount';
import type { PageFamily } from './types';

type Uses = 'accounts' | 'emit' | 'node' | 'permissions' | 'vault' | 'vaultRewrite';

/** More than a page of the add-account screen's five, few enough to review. */
const MAX_ADDED = 20;
/** Two pages of five. */
const MAX_BALANCES = 10;


function checksummed(value: unknown, field: string): Hex {
  const hex = addressParam(value, field);
  if (getAddress(hex) !== hex) throw invalidParams(`${field} must be a checksummed address, got ${hex}`);
  return hex;
}

function ledgerAccountsParam(params: unknown): { accounts: LedgerAccountForm[]; password: string } {
  const p = fields(params);
  if (!Array.isArray(p.accounts) || p.accounts.length === 0 || p.accounts.length > MAX_ADDED) throw invalidParams(`Add 1 to ${MAX_ADDED} Ledger accounts at a time`);
  const accounts = p.accounts.map((value: unknown, i): LedgerAccountForm => {
    const a = fields(value);
    const path = text(a.path, `accounts[${i}].path`);
    if (!isLedgerAccountPath(path)) throw invalidParams(`accounts[${i}].path must be 44'/60'/i'/0/0 or 44'/60'/0'/i with i below 2^31, got ${JSON.stringify(path)}`);
    return { address: checksummed(a.address, `accounts[${i}].address`), path, ...(a.name === undefined ? {} : { name: accountName(a.name, `accounts[${i}].name`) }) };
  });
  return { accounts, password: text(p.password, 'password') };
}

export async function addLedgerAccounts(services: Using<Uses>, p: { accounts: LedgerAccountForm[]; password: string }): Promise<AccountView[]> {
  if (!(await services.vault.secret())) throw new RpcError(ErrorCode.unauthorized, UNLOCK_FIRST);
  const taken = new Set((await services.accounts.list()).map((a) => a.address.toLowerCase()));
  for (const { address } of p.accounts) {
    if (taken.has(address.toLowerCase())) throw invalidParams(`${address} is already an account of this wallet`);
    taken.add(address.toLowerCase());
  }
  let first = 0;
  await withPassword(() =>
    services.vaultRewrite.rewrite(p.password, (secret) => {
      const held = secret.ledgerAccounts ?? [];
      first = held.length;
      return { ...secret, ledgerAccounts: [...held, ...p.accounts.map(({ address, path }) => ({ address, path }))] };
    }),
  );
  const added = await services.accounts.addLedger(p.accounts.map((a, i) => ({ ...a, index: first + i })));
  await services.accounts.select(added[0]!.address);
  await announceAccounts(services);
  return added.map(({ address, name }) => ({ address, name, ledger: true }));
}

export const ledgerAccountPages = {
  addLedgerAccounts: {
    parse: ledgerAccountsParam,
    handle: (p, { services }) => addLedgerAccounts(services, p),
  },
  getBalances: {
    parse(params) {
      const { addresses } = fields(params);
      if (!Array.isArray(addresses) || addresses.length === 0 || addresses.length > MAX_BALANCES) throw invalidParams(`Ask 1 to ${MAX_BALANCES} balances at a time`);
      return { addresses: addresses.map((a: unknown, i) => addressParam(a, `addresses[${i}]`)) };
    },
    read: true,
    // As the popup's getBalance reads one; the node's word is checked to be an amount before the page formats it.
    handle: (p, { services }) => Promise.all(p.addresses.map((a) => askAmount(services.node, 'eth_getBalance', [a, 'pending']))),
  },
} satisfies PageFamily<Uses>;
