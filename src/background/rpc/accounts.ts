/** eth_accounts and eth_requestAccounts: which accounts an origin sees, and the connect approval. */
import { ErrorCode, RpcError, userRejected } from '../../shared/errors';
import { positional, type Hex } from '../../shared/params';
import type { RpcResponse } from '../../shared/protocol';
import type { ApprovalDecision, ApprovalRecord } from '../approvals/types';
import type { Services } from '../services';
import { toPermissions } from './permissions';
import { DEFERRED, method, type MethodTable } from './types';

/** What eth_accounts answers: the origin's accounts, the wallet's selected one first; none while locked. */
export async function visibleAccounts(services: Services, origin: string): Promise<Hex[]> {
  if (!(await services.vault.isUnlocked())) return [];
  const [granted, selected] = await Promise.all([services.permissions.accountsOf(origin), services.accounts.selected()]);
  const first = granted.filter((a) => a.toLowerCase() === selected?.toLowerCase());
  return [...first, ...granted.filter((a) => !first.includes(a))];
}

/** Finishes a connect approval: the chosen accounts become the origin's. */
export async function completeConnect(services: Services, record: ApprovalRecord, decision: ApprovalDecision): Promise<RpcResponse> {
  if (!decision.approved) return { error: userRejected().toObject() };
  const ours = (await services.accounts.list()).map((a) => a.address.toLowerCase());
  const chosen = decision.value as Hex[];
  if (!Array.isArray(chosen) || chosen.length === 0 || chosen.some((a) => !ours.includes(a.toLowerCase()))) {
    return { error: new RpcError(ErrorCode.internal, 'The connect approval chose no valid account').toObject() };
  }
  await services.permissions.grant(record.origin, chosen);
  const accounts = await visibleAccounts(services, record.origin);
  await services.emit(record.origin, 'accountsChanged', accounts);
  if (record.request.method === 'wallet_requestPermissions') {
    return { result: toPermissions(record.origin, (await services.permissions.list())[record.origin]) };
  }
  return { result: accounts };
}

export const accountMethods: MethodTable = {
  eth_accounts: method({
    parse: (params) => positional(params, 'eth_accounts', 0),
    handle: (_params, { services, origin }) => visibleAccounts(services, origin),
  }),
  eth_requestAccounts: method({
    parse: (params) => positional(params, 'eth_requestAccounts', 0),
    async handle(_params, ctx) {
      const accounts = await visibleAccounts(ctx.services, ctx.origin);
      if (accounts.length > 0) return accounts;
      await ctx.services.approvals.request('connect', ctx);
      return DEFERRED;
    },
  }),
};
