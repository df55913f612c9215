/** A typed message reviewed before Sign: its words (when a descriptor binds) and its dangers, read against the chain. */
import type { TypedDataReview } from '../../shared/approvals/signing';
import type { Danger } from '../../shared/dangers';
import { bindMessage } from '../../shared/erc7730/bind';
import type { RenderFacts } from '../../shared/erc7730/types';
import type { SignedTerms } from '../../shared/allowances';
import { toAddress, toBigInt } from '../../shared/erc7730/values';
import type { Network } from '../../shared/networks';
import type { Hex } from '../../shared/params';
import type { TypedMessage } from '../../shared/typedData/types';
import { PERMIT2 } from '../calls/signatures';
import { nowSeconds, reviewBound, type ReviewDeps } from './bound';
import { addressFacts } from './chainFacts';
import { dangersOf } from './dangers';
import { addressNames } from './names';
import { orderDangers } from './seaport';

const NOT_DESCRIBED: Danger = {
  kind: 'notDescribed',
  tone: 'info',
  words: { key: 'dangers_notDescribed' },
  message: 'The wallet has no description of this message, so it is shown as it is: read every field before you sign.',
};

export async function reviewTypedData(deps: ReviewDeps, typed: TypedMessage, account: Hex, network: Network): Promise<TypedDataReview> {
  const verifyingContract = toAddress(typed.domain.verifyingContract);
  const bound = bindMessage(await deps.descriptors({ chainId: toBigInt(typed.domain.chainId), address: verifyingContract }), typed);
  if (!bound) {
    const facts = await addressFacts(deps.node, verifyingContract ? [verifyingContract] : []);
    const dangers = dangersOf({ facts: { amounts: [], addresses: [], dates: [], calls: [], mismatches: [] }, addresses: facts, now: nowSeconds(deps), chainId: network.chainId, ...(verifyingContract ? { verifyingContract } : {}) });
    return { dangers: [NOT_DESCRIBED, ...dangers] };
  }
  const container = verifyingContract ? { to: verifyingContract, verifyingContract } : {};
  const { clear, facts, dangers, tokens } = await reviewBound(deps, bound, { account, network, ...container }, addressNames(deps, network));
  if (bound.format.$id === 'seaport-order') dangers.push(...orderDangers(typed.message, tokens, network.nativeCurrency.symbol));
  return { clear, dangers, ...grantsOf(facts, verifyingContract) };
}

/**
 * What signing grants, to remember: each allowance amount with its token, to the message's spender, until the latest
 * date the message names (a later date than its deadline only makes it remembered longer).
 */
function grantsOf(facts: RenderFacts, verifyingContract: Hex | undefined): { grants?: SignedTerms[] } {
  const spender = facts.addresses.find((a) => a.id === 'spender')?.address;
  const kind = verifyingContract?.toLowerCase() === PERMIT2.toLowerCase() ? 'permit2' : 'erc20';
  const deadline = facts.dates.reduce<bigint | undefined>((latest, d) => (latest === undefined || d.seconds > latest ? d.seconds : latest), undefined);
  const until = deadline === undefined ? {} : { deadline: deadline.toString() };
  const grants = spender
    ? facts.amounts.filter((a) => a.id === 'allowance' && a.token).map((a) => ({ kind, token: a.token as Hex, spender, amount: a.amount.toString(), ...until }) satisfies SignedTerms)
    : [];
  return grants.length > 0 ? { grants } : {};
}
