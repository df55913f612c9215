/**
 * A message or a call a descriptor bound, read against the chain: its words (token amounts with the symbol and
 * decimals read on chain) and the dangers of what it grants. The one path signatures and calls share, so both read
 * the same.
 */
import type { Danger } from '../../shared/dangers';
import type { Bound } from '../../shared/erc7730/bind';
import { render } from '../../shared/erc7730/render';
import type { ClearSigned, Descriptor, RenderFacts, TokenMeta } from '../../shared/erc7730/types';
import type { Network } from '../../shared/networks';
import type { Hex } from '../../shared/params';
import type { ChainNode } from '../networks/rpcClient';
import { addressFacts, tokenReader } from './chainFacts';
import { dangersOf } from './dangers';
import type { DescriptorsFor } from './registry';
import { seaportCallDangers } from './seaport';
import { strandedValueDangers } from './strandedValue';

export interface ReviewDeps {
  node: ChainNode;
  /**
   * The descriptors that may bind at a contract or verifying contract: the wallet's own and the user's files, and the
   * registry's for that chain and address (or domain name) only, so a review never reads the whole registry.
   */
  descriptors(at: DescriptorsFor): Promise<Descriptor[]>;
  /** Milliseconds, as Date.now. */
  now(): number;
}

export interface BoundContainer {
  /** Who signs, or makes the call: the user's account, or a contract calling for it. */
  account: Hex;
  /** The user's account, when `account` is a contract calling for it (a call inside a call). */
  user?: Hex;
  network: Network;
  /** The called contract, or the message's verifying contract. */
  to?: Hex;
  /** Wei sent with a call. */
  value?: bigint;
  /** Typed data only: its domain's contract, checked to be a token where the message names it as one. */
  verifyingContract?: Hex;
}

export interface BoundReview {
  clear: ClearSigned;
  facts: RenderFacts;
  dangers: Danger[];
  /** The token reads made, by lowercase address. */
  tokens: Map<string, TokenMeta | undefined>;
}

export const nowSeconds = (deps: Pick<ReviewDeps, 'now'>): bigint => BigInt(Math.floor(deps.now() / 1000));

export async function reviewBound(deps: ReviewDeps, bound: Bound, container: BoundContainer): Promise<BoundReview> {
  const { account, user, network, to, value, verifyingContract } = container;
  const tokens = tokenReader(deps.node, account, network.name);
  const { clear, facts } = await render(bound, {
    chainId: BigInt(network.chainId),
    ...(to ? { to } : {}),
    ...(value === undefined ? {} : { value }),
    from: account,
    nativeSymbol: network.nativeCurrency.symbol,
    token: tokens.read,
  });
  const checked = [...facts.addresses.filter((a) => a.id === 'spender' || a.types?.includes('contract')).map((a) => a.address), ...(verifyingContract ? [verifyingContract] : [])];
  const addresses = await addressFacts(deps.node, checked);
  const dangers = [
    ...dangersOf({ facts, addresses, now: nowSeconds(deps), chainId: network.chainId, ...(verifyingContract ? { verifyingContract } : {}) }),
    ...seaportCallDangers(bound.format.$id, facts, account, user ?? account),
    ...strandedValueDangers(facts, value, to, user ?? account, network.nativeCurrency.symbol),
  ];
  return { clear, facts, dangers, tokens: tokens.all };
}
