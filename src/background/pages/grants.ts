/**
 * The popup's Permissions: every execution permission granted (ERC-7715), with what the chain says of it (spent, and
 * whether it is revoked), and its revoke: the account's disableDelegation call, reviewed like any transaction (same
 * approval screen; Activity names the grant). Revoke all: the account raises its nonce at the NonceEnforcer, which every
 * grant it signed carries, past the highest of them, so all of them on that chain stop at once.
 */
import type { GrantView } from '../../shared/grants';
import { invalidParams } from '../../shared/errors';

import { hash32, type Hex } from '../../shared/params';
import type { GrantRecord } from '../executionPermissions/store';
import type { Services } from '../services';
import { accountOnChain, fields, none } from './params';
import { askUser } from './send';
import type { PageFamily } from './types';

/** The services these pages use: all, as a request they ask as the wallet (askAsWallet) runs through the pipeline. */
type Uses = keyof Services;

/** Grants are revoked only on the selected network: the review and the transaction are on it. */
async function onSelectedNetwork(services: Services, chainId: Hex): Promise<void> {
  const selected = await services.networks.selected();
  if (BigInt(selected.chainId) !== BigInt(chainId)) throw invalidParams(`This permission is on ${(await services.networks.find(chainId))?.name ?? chainId}: switch to it to revoke`);
}

async function viewOf(services: Services, grant: GrantRecord, revoked: Set<Hex>): Promise<GrantView> {
  const network = await services.networks.find(grant.chainId);
  const onChain = await services.nodeFor(grant.chainId).then((node) => services.grantCode.grantOnChain(node, grant)).catch(() => undefined);
  const { id, origin, chainId, from, to, permission, rules, token, grantedAt } = grant;
  return {
    id, origin, chainId, networkName: network?.name ?? chainId, from, to, permission, rules, token, grantedAt,
    ...(onChain ? { spent: onChain.spent.toString() } : {}),
    // As the chain says now, never kept: a node that lied once, or a revoke that reverted, was replaced or dropped,
    // would otherwise hide a grant still in force, and its Revoke button with it.
    revoked: onChain?.revoked === true,
    // Not once every revoke of it on record failed (revoked.ts): a node's "revoked" beside it would hide a grant still in force.
    revokeSent: revoked.has(id),
  };
}

export const grantPages = {
  getGrants: {
    parse: none,
    read: true,
    async handle(_p, { services }) {
      const grants = await services.grants.list();
      const revoked = await services.grantCode.revokedGrants(grants, services.batches);
      return Promise.all(grants.map((grant) => viewOf(services, grant, revoked)));
    },
  },
  revokeGrant: {
    parse: (params) => ({ id: hash32(fields(params).id, 'id') }),
    async handle({ id }, { services }) {
      const grant = await services.grants.find(id);
      if (!grant) throw invalidParams(`No grant ${id}`);
      await onSelectedNetwork(services, grant.chainId);
      // Marked revoked by the review's approval once sent (rpc/executionPermissions.ts): this returns as the review opens.
      return askUser(services, 'wallet_revokeGrants', [{ from: grant.from, chainId: grant.chainId, value: '0x0', ...(await services.grantCode.revokeCall(grant)) }], grant.from);
    },
  },
  revokeAllGrants: {
    parse: accountOnChain,
    async handle({ account, chainId }, { services }) {
      const held = (await services.grants.list()).filter((g) => g.from.toLowerCase() === account.toLowerCase() && BigInt(g.chainId) === BigInt(chainId));
      if (held.length === 0) throw invalidParams(`${account} granted no permission on chain ${chainId}`);
      await onSelectedNetwork(services, chainId);
      // Past every grant the wallet signed for the account, whatever nonce a node said it was at (nonceMarks.ts).
      const call = await services.grantCode.revokeAllPlanned(services, { account, chainId, grants: held });
      return askUser(services, 'wallet_revokeGrants', [{ from: account, chainId, value: '0x0', ...call }], account);
    },
  },
} satisfies PageFamily<Uses>;
