/** EIP-2255: wallet_requestPermissions, wallet_getPermissions, wallet_revokePermissions (eth_accounts only); ERC-7846 wallet_disconnect. */
import { invalidParams } from '../../shared/errors';
import { object, positional } from '../../shared/params';
import type { SitePermission } from '../permissions/permissions';
import { forDapps } from '../permissions/visible';
import { chosenAccounts, connectDetails, grantConnection } from './accounts';
import type { Using } from '../services';
import { type DappTable, methodsUsing, type RequestContext } from './types';
import type { Permission } from './dappMethods';

/** The services these methods use. */
type Uses = 'accounts' | 'emit' | 'permissions' | 'phishingUpdates' | 'vault';
const method = methodsUsing<Uses>();


export const toPermissions = (origin: string, granted: SitePermission | undefined): Permission[] =>
  granted && granted.accounts.length > 0
    ? [{ invoker: origin, parentCapability: 'eth_accounts', caveats: [{ type: 'restrictReturnedAccounts', value: forDapps(granted.accounts) }], date: granted.grantedAt }]
    : [];

/** The one permission this wallet grants; anything else is named in the error. */
function ethAccountsOnly(params: unknown, name: string): void {
  const request = object(positional(params, name, 1)[0], 'params[0]');
  const asked = Object.keys(request);
  const unknown = asked.filter((key) => key !== 'eth_accounts');
  if (asked.length === 0 || unknown.length > 0) {
    throw invalidParams(`only the eth_accounts permission exists; ${unknown.length > 0 ? `unknown: ${unknown.join(', ')}` : 'none was asked'}`);
  }
}

/** The origin's permission is gone; its pages hear that they see no account. */
async function disconnect(_params: unknown, { services, origin }: RequestContext<Using<Uses>>): Promise<null> {
  await services.permissions.revoke(origin);
  await services.emit(origin, 'accountsChanged', []);
  return null;
}

export const permissionMethods = {
  wallet_requestPermissions: method({
    parse: (params) => ethAccountsOnly(params, 'wallet_requestPermissions'),
    auth: 'none',
    // The same connect screen as eth_requestAccounts, asked every time; the answer is in EIP-2255's shape.
    approval: {
      type: 'connect',
      prepare: (_params, { origin, services }) => connectDetails(services, origin),
      answer: chosenAccounts,
      async approve(record, chosen, services) {
        await grantConnection(services, record.origin, chosen);
        return toPermissions(record.origin, (await services.permissions.list())[record.origin]);
      },
    },
  }),
  wallet_getPermissions: method({
    parse: (params) => positional(params, 'wallet_getPermissions', 0),
    auth: 'none',
    handle: async (_params, { services, origin }) => toPermissions(origin, (await services.permissions.list())[origin]),
  }),
  wallet_revokePermissions: method({
    parse: (params) => ethAccountsOnly(params, 'wallet_revokePermissions'),
    auth: 'none',
    handle: disconnect,
  }),
  // ERC-7846: the site ends its connection (no params, or an empty array).
  wallet_disconnect: method({
    parse: (params) => positional(params, 'wallet_disconnect', 0),
    auth: 'none',
    handle: disconnect,
  }),
} satisfies DappTable;
