/**
 * The first waiting request's summary in the approval window's address (`approval.html#first=…`), set by the worker
 * when it opens the window: the window paints it before its first round trip to the worker (ui/approval/firstPaint.ts).
 * Only the extension sets that address (approval.html is not web-accessible), yet anything else found there, foreign or
 * malformed, is read as no summary: the window then paints from the wallet state alone, as without one.
 */
import { PLANNING_SUMMARY, summaryOf, type Summary } from './approvalSummary';
import type { ApprovalView, PlanningView } from './approvals';
import { isOutlineKey } from './approvals/outlineKeys';

/** A summary and the request it sums up: the window checks `id` against the state's first request. */
export interface FirstSummary extends Summary {
  id: string;
  /**
   * The request's type, for the window to ask for its preview at once (ui/stores/firstPreview.ts); PLANNING for a
   * request still being planned.
   */
  type: string;
  origin: string;
}

const PREFIX = '#first=';
/** Longer than any id, type, origin or network name the worker writes: the rest is not ours. */
const MAX_TEXT = 400;

/** The type of a summary of a request still being planned (a PlanningView). */
export const PLANNING = 'planning';

/** The summary the window paints first: a waiting request's, or one still being planned. */
export function firstSummary(view: ApprovalView | PlanningView): FirstSummary {
  if (!('type' in view)) return { id: view.id, type: PLANNING, origin: view.origin, ...PLANNING_SUMMARY };
  const { title, network, buttons } = summaryOf(view);
  return { id: view.id, type: view.type, origin: view.origin, title, ...(network ? { network } : {}), buttons };
}

export function summaryHash(view: ApprovalView | PlanningView): string {
  const first = firstSummary(view);
  return `${PREFIX}${encodeURIComponent(JSON.stringify(first))}`;
}

const text = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= MAX_TEXT;

const isOrigin = (value: string): boolean => {
  try {
    return new URL(value).host !== '';
  } catch {
    return false;
  }
};

function parsed(hash: string): unknown {
  try {
    return JSON.parse(decodeURIComponent(hash.slice(PREFIX.length)));
  } catch {
    return undefined;
  }
}

/** The summary `hash` carries, when it is exactly one summaryHash writes; undefined for anything else. */
export function summaryFromHash(hash: string): FirstSummary | undefined {
  if (!hash.startsWith(PREFIX)) return undefined;
  const value = parsed(hash);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const { id, type, origin, title, network, buttons, ...rest } = value as Record<string, unknown>;
  if (Object.keys(rest).length > 0 || !text(id) || !text(type) || !text(origin) || !isOrigin(origin) || !isOutlineKey(title)) return undefined;
  if (network !== undefined && !text(network)) return undefined;
  if (!Array.isArray(buttons) || buttons.length !== 2 || !buttons.every(isOutlineKey)) return undefined;
  return { id, type, origin, title, ...(network === undefined ? {} : { network }), buttons: [buttons[0], buttons[1]] };
}
