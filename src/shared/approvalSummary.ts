/**
 * A request as the approval window's first paint shows it before its screen has loaded (ui/approval/firstPaint.ts):
 * the screen's title, its network, and its two buttons' names (the less prominent first), as the keys of the screen's
 * own words, which the window translates (network names are the wallet's records, shown as they are). Shared: the worker puts the first waiting request's summary in the window's address (summaryInUrl.ts).
 */
import type { ApprovalView } from './approvals';
import { DECIDE, headingOf, type Heading } from './approvals/outlines';
import { cleanText } from './displayText';

export interface Summary extends Heading {
  network?: string;
}

/** What the window paints for a request still being planned: its screen's buttons come with the plan. */
export const PLANNING_SUMMARY: Summary = { title: 'approval_planningTitle', buttons: DECIDE };

export function summaryOf(approval: ApprovalView): Summary {
  const { details } = approval;
  const network = 'networkName' in details ? cleanText(details.networkName) : undefined;
  return { ...headingOf(approval), ...(network ? { network } : {}) };
}
