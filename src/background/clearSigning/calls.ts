/**
 * The calls of a batch or a transaction in a descriptor's words: the same engine, words and dangers as a signature
 * granting the same (bound.ts). A call no descriptor binds to has no review: the screens word it as describeCall does.
 * The binding is the descriptor's (contract deployments, selector, calldata that decodes whole): a look-alike
 * contract never borrows a trusted label.
 */
import { dataLength } from 'ethers';
import type { CallReview, DecodedCall } from '../../shared/decodedCall';
import { bindCall } from '../../shared/erc7730/bind';
import type { Descriptor } from '../../shared/erc7730/types';
import type { Network } from '../../shared/networks';
import type { Hex } from '../../shared/params';
import { describeCall, type CallInput } from '../calls/describe';
import { reviewBound, type ReviewDeps } from './bound';

interface Call {
  to?: Hex;
  value: bigint;
  data: Hex;
}

/**
 * The descriptor of the user's own account (Simple7702Account's execute/executeBatch) names no deployment, since the
 * account is the user's address: it speaks only for a call to the account making it. Any other contract with the
 * same functions ("Your account makes a call", to a stranger) is worded as describeCall words it.
 */
const OWN_ACCOUNT_DESCRIPTOR = "Simple7702Account (the wallet's own account)";

/** `account` makes the call. The calls it makes in turn (an account's executeBatch) are read one level deep; below, their bytes show. */
async function reviewCall(deps: ReviewDeps, descriptors: Descriptor[], call: Call, account: Hex, network: Network, nested = false): Promise<CallReview | undefined> {
  if (!call.to || dataLength(call.data) < 4) return undefined;
  const bound = bindCall(descriptors, { chainId: BigInt(network.chainId), to: call.to, data: call.data });
  if (!bound) return undefined;
  if (bound.descriptor.context.$id === OWN_ACCOUNT_DESCRIPTOR && call.to.toLowerCase() !== account.toLowerCase()) return undefined;
  const { clear, facts, dangers } = await reviewBound(deps, bound, { account, network, to: call.to, value: call.value });
  if (nested || facts.calls.length === 0) return { clear, dangers };
  const caller = call.to;
  const inner = (await Promise.all(facts.calls.map(async ({ label, to, data, value }) => {
    const review = await reviewCall(deps, descriptors, { to, data, value: value ?? 0n }, caller, network, true);
    return review ? [{ label, review }] : [];
  }))).flat();
  if (inner.length === 0) return { clear, dangers };
  return { clear, dangers: [...dangers, ...inner.flatMap(({ review }) => review.dangers)], inner: inner.map(({ label, review }) => ({ label, clear: review.clear })) };
}

/** The calls as the approval screens show them: describeCall's words, with the descriptor's review where one binds. */
export async function reviewCalls(deps: ReviewDeps, calls: CallInput[], account: Hex, network: Network): Promise<DecodedCall[]> {
  const descriptors = await deps.descriptors().catch(() => []);
  return Promise.all(calls.map(async (call) => {
    const described = describeCall(call);
    // A chain that cannot be read leaves the call as describeCall words it.
    const review = await reviewCall(deps, descriptors, { ...call, value: BigInt(call.value) }, account, network).catch(() => undefined);
    return review ? { ...described, review } : described;
  }));
}
