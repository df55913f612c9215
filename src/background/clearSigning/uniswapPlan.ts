/**
 * A Uniswap plan in words: the Universal Router's commands and v4's actions (shared/erc7730/uniswapPlan.ts reads them),
 * each reviewed as any bound call is (bound.ts), with its dangers. A command the wallet cannot read is listed with its
 * bytes and named a danger that asks for the second yes: it could move or approve anything.
 */
import { phrase, type Phrase } from '../../shared/dangerPhrases';
import type { Danger } from '../../shared/dangers';
import type { InnerCall } from '../../shared/decodedCall';
import type { Bound } from '../../shared/erc7730/bind';
import type { Descriptor } from '../../shared/erc7730/types';
import { commandByte, readPlan, stepLabel, unreadStep, type PlanStep } from '../../shared/erc7730/uniswapPlan';
import { PAST_BUDGET } from '../../shared/erc7730/uniswapUnread';
import type { Network } from '../../shared/networks';
import type { Hex } from '../../shared/params';
import { englishList } from '../../shared/words';
import { reviewBound, type ReviewDeps } from './bound';
import type { AddressNames } from './names';

export interface PlanContainer {
  /** Who calls the contract: the plan's MSG_SENDER, who pays and receives. */
  caller: Hex;
  /** The user's account (the caller, or the account a contract calls for). */
  user: Hex;
  network: Network;
  /** The router or PositionManager. */
  to: Hex;
  /** How many more steps the request may read (calls.ts MAX_INNER_CALLS, shared with the calls inside calls). */
  budget: { left: number };
  /** The request's names of addresses (names.ts), shared with its calls. */
  names: AddressNames;
}

export interface PlanReview {
  inner: InnerCall[];
  dangers: Danger[];
}

type UnreadStep = PlanStep & { unread: Phrase };

/** "Command 2 (0x1f): a command the wallet does not know". */
function unreadLine({ label, labelWords, command, unread }: UnreadStep): Phrase {
  if (command < 0) return phrase(`${label}: ${unread.text}`, 'dangers_stepUnread', { label: labelWords, reason: unread.words });
  const byte = commandByte(command);
  return phrase(`${label} (${byte}): ${unread.text}`, 'dangers_stepUnreadByte', { label: labelWords, byte, reason: unread.words });
}

function unreadDanger(steps: UnreadStep[], what: string): Danger {
  const lines = steps.map(unreadLine);
  const listed = englishList(lines.map((l) => l.text), 'and');
  return {
    kind: 'planUnread', tone: 'danger', confirm: true,
    words: { key: what === 'call' ? 'dangers_planUnread' : 'dangers_planUnreadRouter', values: { steps: { list: lines.map((l) => l.words), join: 'and' } } },
    message: `This ${what} does something the wallet cannot read. ${listed}. It is shown as its bytes, and could move or approve anything.`,
  };
}

/** A swap's amounts at "all the router holds" are not allowances: only an allowance at its maximum is named unlimited. */
const unlimitedOnlyForAllowances = (dangers: Danger[], unlimitedAllowance: boolean) => dangers.filter((d) => d.kind !== 'unlimited' || unlimitedAllowance);

/** The plan's steps in words and its dangers; undefined when `bound` is not a plan. */
export async function reviewPlan(deps: ReviewDeps, descriptors: Descriptor[], bound: Bound, container: PlanContainer): Promise<PlanReview | undefined> {
  const { caller, user, network, to, budget, names } = container;
  const plan = readPlan(bound, descriptors, { chainId: BigInt(network.chainId), contract: to, sender: caller });
  if (!plan) return undefined;
  if (!plan.ok) {
    const { problem } = plan;
    return { inner: [], dangers: [{ kind: 'planRefused', tone: 'danger', confirm: true, words: { key: 'dangers_planRefused', values: { problem: problem.words } }, message: `This call has ${problem.text}: the contract refuses it, so it fails and you pay its fee for nothing.` }] };
  }
  if (plan.steps.length === 0) {
    return { inner: [], dangers: [{ kind: 'planEmpty', tone: 'warn', words: { key: 'dangers_planEmpty' }, message: 'This call runs no commands: it does nothing, and any ETH sent with it stays in the contract, where anyone can take it.' }] };
  }
  // Taken before any await, as calls.ts takes its calls: the steps past the request's budget are not read.
  const read = plan.steps.slice(0, Math.max(0, budget.left));
  budget.left -= read.length;
  const steps: PlanStep[] = [...read, ...plan.steps.slice(read.length).map((s) => ({ ...s, bound: undefined, unread: PAST_BUDGET }))];
  const source = bound.descriptor.source;
  const reviewed = await Promise.all(steps.map(async (step) => {
    const { text: label, words: labelWords } = stepLabel(step);
    if (!step.bound) return { label, labelWords, clear: unreadStep(step, source), dangers: [] };
    const { clear, facts, dangers } = await reviewBound(deps, step.bound, { account: caller, user, network, to }, names);
    return { label, labelWords, clear, dangers: unlimitedOnlyForAllowances(dangers, facts.amounts.some((a) => a.unlimited && a.id === 'allowance')) };
  }));
  const unread = steps.filter((s): s is UnreadStep => s.unread !== undefined);
  return {
    inner: reviewed.map(({ label, labelWords, clear }) => ({ label, labelWords, clear })),
    dangers: [...reviewed.flatMap((r) => r.dangers), ...(unread.length > 0 ? [unreadDanger(unread, bound.descriptor.context.$id?.startsWith('Uniswap Universal Router') ? 'router call' : 'call')] : [])],
  };
}
