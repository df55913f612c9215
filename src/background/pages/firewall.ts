/**
 * The delegation firewall for the popup and the approval window: a look at every account's code now (they ask while
 * open), and the revert of a foreign delegation, reviewed in the approval window (rpc/firewall.ts).
 */
import type { ForeignDelegationView } from '../../shared/walletState';
import { address, type Hex } from '../../shared/params';
import type { Services } from '../services';
import { fields, none } from './params';
import { askUser } from './send';
import type { PageFamily } from './types';

/** The services these pages use: all, as a request they ask as the wallet (askAsWallet) runs through the pipeline. */
type Uses = keyof Services;

export async function checkDelegations(services: Services): Promise<ForeignDelegationView[]> {
  return (await services.firewall.check()).map(({ account, delegate }) => ({ account, delegate }));
}

/**
 * Queues the revert for review (once: a second click while it waits adds nothing); the user picks the paying account
 * there, and Activity follows the transaction.
 */
export async function reviewForeignRevert(services: Services, account: Hex): Promise<null> {
  const waiting = (await services.approvals.pending()).some((a) => a.type === 'revertForeignDelegation' && a.details.account.toLowerCase() === account.toLowerCase());
  return waiting ? null : askUser(services, 'revertForeignDelegation', { account }, account);
}

export const firewallPages = {
  checkDelegations: { parse: none, read: true, handle: (_p, { services }) => checkDelegations(services) },
  reviewForeignRevert: { parse: (params) => ({ account: address(fields(params).account, 'account') }), handle: (p, { services }) => reviewForeignRevert(services, p.account) },
} satisfies PageFamily<Uses>;
