/**
 * The selected account's EIP-7702 delegation on the selected network, and "Revert to a plain account": a batch of the
 * wallet's own (so Activity lists it) whose one type-4 transaction authorizes address zero, reviewed in the approval
 * window.
 */
import { delegateOf } from '../../shared/contracts';
import { delegateName } from '../../shared/delegates';
import type { DelegationView } from '../../shared/pages';
import type { Hex } from '../../shared/params';
import type { Services } from '../services';
import { none } from './params';
import { askUser, selectedSender } from './send';
import type { PageFamily } from './types';

/** The services these pages use: all, as a request they ask as the wallet (askAsWallet) runs through the pipeline. */
type Uses = keyof Services;

export async function delegationOf(services: Services): Promise<DelegationView> {
  const [account, network] = await Promise.all([selectedSender(services), services.networks.selected()]);
  const base = { account, chainId: network.chainId, networkName: network.name, eip7702: network.eip7702 };
  if (!network.eip7702) return { ...base, delegate: null, otherCode: false };
  const node = await services.nodeFor(network.chainId);
  const code = await node<Hex>('eth_getCode', [account, 'pending']);
  const delegate = delegateOf(code);
  const name = delegate ? delegateName(delegate) : undefined;
  return {
    ...base,
    delegate,
    ...(name ? { delegateName: name } : {}),
    otherCode: code !== '0x' && !delegate,
  };
}

/** Asks the user in the approval window (rpc/walletRequests.ts plans the type-4 transaction and its fees). */
export async function revertToPlainAccount(services: Services): Promise<null> {
  return askUser(services, 'revokeDelegation', {}, await selectedSender(services));
}

export const delegationPages = {
  getDelegation: { parse: none, read: true, handle: (_p, { services }) => delegationOf(services) },
  revertDelegation: { parse: none, handle: (_p, { services }) => revertToPlainAccount(services) },
} satisfies PageFamily<Uses>;
