/**
 * The popup's Permissions: every execution permission granted (ERC-7715), with what the chain says of it (spent, and
 * whether it is revoked), and its revoke: the account's disableDelegation call, reviewed like any transaction (same
 * approval screen; Activity names the grant). Revoke all: the account raises its nonce at the NonceEnforcer, which every
 * grant it signed carries, past the highest of them, so all of them on that chain stop at once.
 */
import { invalidParams } from '../../shared/errors';
import { hash32, type Hex } from '../../shared/params';
import type { Services } from '../services';
import { grantViews } from './lazyGrantViews';
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

export const grantPages = {
  getGrants: {
    parse: none,
    read: true,
    // Built in the later script (grantViews.ts), with the grants' code.
    handle: (_p, { services }) => grantViews(services),
  },
  revokeGrant: {
    parse: (params) => ({ id: hash32(fields(params).id, 'id') }),
    async handle({ id }, { services }) {
      const grant = await services.grants.find(id);
      if (!grant) throw invalidParams(`No grant ${id}`);
      await onSelectedNetwork(services, grant.chainId);
      // Marked revoked by the review's approval once sent (rpc/grantRevokes.ts): this returns as the review opens.
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
