/** eth_accounts and eth_requestAccounts: which accounts an origin sees, and the connect approval. */
import type { ConnectDetails } from '../../shared/approvals/connect';
import { ErrorCode, RpcError } from '../../shared/errors';
import { address, positional, type Hex } from '../../shared/params';
import { visibleAccounts } from '../permissions/visible';
import { lookAlikeSite } from '../protection/lookAlikeSite';
import type { Using } from '../services';
import { Answered, type DappTable, methodsUsing } from './types';

/** The services these methods use. */
type Uses = 'accounts' | 'emit' | 'permissions' | 'phishingUpdates' | 'vault';
const method = methodsUsing<Uses>();

/** The connect screen's answer: the accounts the user chose. */
export function chosenAccounts(raw: unknown): Hex[] {
  if (!Array.isArray(raw) || raw.length === 0) throw new RpcError(ErrorCode.internal, 'The connect approval chose no account');
  return raw.map((a, i) => address(a, `accounts[${i}]`));
}

/** What the connect screen warns about: a site whose address imitates a well-known dapp's. */
export async function connectDetails(services: Using<Uses>, origin: string): Promise<ConnectDetails> {
  const lookAlike = lookAlikeSite(origin, await services.phishingUpdates.lists());
  return lookAlike ? { lookAlikeSite: lookAlike } : {};
}

/** The chosen accounts become the origin's; it hears accountsChanged and gets what it now sees. */
export async function grantConnection(services: Using<Uses>, origin: string, chosen: Hex[]): Promise<Hex[]> {
  const ours = (await services.accounts.list()).map((a) => a.address.toLowerCase());
  if (chosen.some((a) => !ours.includes(a.toLowerCase()))) throw new RpcError(ErrorCode.internal, 'The connect approval chose an account this wallet does not have');
  await services.permissions.grant(origin, chosen);
  const accounts = await visibleAccounts(services, origin);
  await services.emit(origin, 'accountsChanged', accounts);
  return accounts;
}

export const accountMethods = {
  eth_accounts: method({
    parse: (params) => positional(params, 'eth_accounts', 0),
    auth: 'none',
    handle: (_params, { services, origin }) => visibleAccounts(services, origin),
  }),
  eth_requestAccounts: method({
    parse: (params) => positional(params, 'eth_requestAccounts', 0),
    auth: 'none',
    approval: {
      type: 'connect',
      async prepare(_params, { services, origin }) {
        const accounts = await visibleAccounts(services, origin);
        return accounts.length > 0 ? new Answered(accounts) : connectDetails(services, origin);
      },
      answer: chosenAccounts,
      approve: (record, chosen, services) => grantConnection(services, record.origin, chosen),
    },
  }),
} satisfies DappTable;
