/**
 * The calls of a batch or a transaction in a descriptor's words: the same engine, words and dangers as a signature
 * granting the same (bound.ts). A call no descriptor binds to has no review: the screens word it as describeCall does.
 * The binding is the descriptor's (contract deployments, selector, calldata that decodes whole): a look-alike
 * contract never borrows a trusted label.
 */
import { dataLength } from 'ethers';
import { bytesAfterArguments, extraBytes, type ExtraBytes } from '../../shared/calldata';
import type { Danger } from '../../shared/dangers';
import { phrase } from '../../shared/dangerPhrases';
import type { CallReview, DecodedCall, InnerCall } from '../../shared/decodedCall';
import { bindCall } from '../../shared/erc7730/bind';
import type { Network } from '../../shared/networks';
import type { Hex } from '../../shared/params';
import { asExecuteBatch } from '../batches/delegates';
import { RAW_DATA_SHOWN, describeCall, type CallInput } from '../calls/describe';
import { reviewBound, type ReviewDeps } from './bound';
import { addressNames, type AddressNames } from './names';
import { reviewPlan } from './uniswapPlan';

interface Call {
  to?: Hex;
  value: bigint;
  data: Hex;
}

/**
 * The descriptor of the user's own account (Simple7702Account's execute/executeBatch, and the DeleGator's ERC-7821
 * execute read as that executeBatch: batches/delegates.ts asExecuteBatch) names no deployment, since the account is
 * the user's address: it speaks only for a call to the account making it. Any other contract with the same functions
 * ("Your account makes a call", to a stranger) is worded as describeCall words it.
 */
const OWN_ACCOUNT_DESCRIPTOR = "Simple7702Account (the wallet's own account)";

/**
 * Calls inside calls (an account's executeBatch of a Multicall3 aggregate3 of an approve) are read this many levels
 * below the call itself: each by the same binding rules, their dangers named on the call. A bound call this deep that
 * makes calls in turn is not opened: its bytes show, and CALLS_TOO_DEEP asks for the second yes, so an approval
 * cannot hide below the levels the wallet reads.
 */
export const MAX_CALL_DEPTH = 3;

const CALLS_TOO_DEEP: Danger = {
  kind: 'callsTooDeep', tone: 'danger', confirm: true, words: { key: 'dangers_callsTooDeep', values: { depth: String(MAX_CALL_DEPTH) } },
  message: `This call makes calls nested more than ${MAX_CALL_DEPTH} levels deep, which the wallet does not read: they show only as their bytes, and could move or approve anything.`,
};

/**
 * How many calls inside the calls of one batch, in all their levels, are read: each can make chain reads while the
 * screen loads, so a multicall of thousands (or a batch of many multicalls) must not make thousands. The ones past it
 * show as bytes, and CALLS_TOO_MANY asks the second yes.
 */
export const MAX_INNER_CALLS = 64;

const CALLS_TOO_MANY: Danger = {
  kind: 'callsTooMany', tone: 'danger', confirm: true, words: { key: 'dangers_callsTooMany', values: { most: String(MAX_INNER_CALLS) } },
  message: `This call makes calls inside it past the ${MAX_INNER_CALLS} the wallet reads for one request: those show only as their bytes, and could move or approve anything.`,
};

const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/** Who the calls are for (`account`, the user's) and who makes this one (`caller`: the account, or a contract it called). */
interface CallOrigin {
  account: Hex;
  caller: Hex;
  network: Network;
  depth: number;
  /** What is left of MAX_INNER_CALLS for the batch, shared by all its calls and levels. */
  budget: { left: number };
  /** The names of the addresses shown, shared the same way. */
  names: AddressNames;
}

/** A call's review, and the bytes a site put after its arguments (named among the dangers too). */
interface Reviewed {
  review: CallReview;
  afterArguments?: ExtraBytes;
}

/**
 * The way down to a call inside a call ("Call data 1 › Call data"), in words too: each part as the wallet words it
 * where it made it (its own descriptor's label, a plan's step), else as the file wrote it.
 */
function within(outer: Omit<InnerCall, 'clear'>, deeper: InnerCall): InnerCall {
  const { text, words } = phrase(`${outer.label} › ${deeper.label}`, 'dangers_stepWithin', { outer: outer.labelWords ?? outer.label, step: deeper.labelWords ?? deeper.label });
  return { label: text, labelWords: words, clear: deeper.clear };
}

async function reviewCall(deps: ReviewDeps, call: Call, origin: CallOrigin): Promise<Reviewed | undefined> {
  const { account, caller, network, depth, budget, names } = origin;
  if (!call.to || dataLength(call.data) < 4) return undefined;
  const own = same(call.to, account) && same(caller, account);
  // The account's own DeleGator execute carries its calls inside bytes: read as the executeBatch of the same calls.
  const data = own ? ((await asExecuteBatch(call.data)) ?? call.data) : call.data;
  const chainId = BigInt(network.chainId);
  // Descriptors that cannot be read leave the call as describeCall words it.
  const descriptors = await deps.descriptors({ chainId, address: call.to }).catch(() => []);
  const bound = bindCall(descriptors, { chainId, to: call.to, data });
  if (!bound) return undefined;
  // The account's delegate runs its batch call only for itself: its words fit a call from the account to the account.
  if (bound.descriptor.context.$id === OWN_ACCOUNT_DESCRIPTOR && !own) return undefined;
  const afterArguments = bound.extra ? extraBytes(bound.extra, RAW_DATA_SHOWN) : undefined;
  const reviewed = await reviewBound(deps, bound, { account: caller, user: account, network, to: call.to, value: call.value }, names);
  const { clear, facts } = reviewed;
  const dangers = afterArguments ? [...reviewed.dangers, bytesAfterArguments(afterArguments)] : reviewed.dangers;
  const done = (review: CallReview): Reviewed => ({ review, ...(afterArguments ? { afterArguments } : {}) });
  // A Uniswap router or PositionManager call runs a plan of commands: each in words, beside the call's own.
  const plan = await reviewPlan(deps, descriptors, bound, { caller, user: account, network, to: call.to, budget, names });
  if (plan) return done({ clear, dangers: [...dangers, ...plan.dangers], ...(plan.inner.length > 0 ? { inner: plan.inner } : {}) });
  if (facts.calls.length === 0) return done({ clear, dangers });
  if (depth === MAX_CALL_DEPTH) return done({ clear, dangers: [...dangers, CALLS_TOO_DEEP] });
  const below = { account, caller: call.to, network, depth: depth + 1, budget, names };
  // Taken before any await: the calls of one level are read at once and share the budget.
  const opened = facts.calls.slice(0, Math.max(0, budget.left));
  budget.left -= opened.length;
  const tooMany = opened.length < facts.calls.length ? [CALLS_TOO_MANY] : [];
  const inner = (await Promise.all(opened.map(async ({ label, labelWords, to, data, value }) => {
    const reviewedInner = await reviewCall(deps, { to, data, value: value ?? 0n }, below);
    return reviewedInner ? [{ label, ...(labelWords ? { labelWords } : {}), review: reviewedInner.review }] : [];
  }))).flat();
  if (inner.length === 0) return done({ clear, dangers: [...dangers, ...tooMany] });
  // One flat list for the screen, each named by the way down to it ("Call data 1 › Call data").
  const worded = inner.flatMap(({ review, ...call }) => [{ ...call, clear: review.clear }, ...(review.inner ?? []).map((deeper) => within(call, deeper))]);
  return done({ clear, dangers: [...dangers, ...tooMany, ...inner.flatMap(({ review }) => review.dangers)], inner: worded });
}

/** The calls as the approval screens show them: describeCall's words, with the descriptor's review where one binds. */
export async function reviewCalls(deps: ReviewDeps, calls: CallInput[], account: Hex, network: Network): Promise<DecodedCall[]> {
  const budget = { left: MAX_INNER_CALLS };
  const names = addressNames(deps, network);
  return Promise.all(calls.map(async (call) => {
    const described = await describeCall(call);
    // A chain that cannot be read leaves the call as describeCall words it.
    const reviewed = await reviewCall(deps, { ...call, value: BigInt(call.value) }, { account, caller: account, network, depth: 0, budget, names }).catch(() => undefined);
    if (!reviewed) return described;
    // The bytes after the arguments are those of the function the review words (its descriptor's ABI), as its dangers name them.
    const { afterArguments: _asDescribed, ...words } = described;
    return { ...words, ...reviewed };
  }));
}
