/**
 * What the worker keeps in storage for itself and no page shows. Every open wallet page reads again when storage
 * changes (ui/api/runtime.ts onStorageChanged); a change of these keys alone is not worth it: the approval window's id
 * and the frames' list change with the requests of any page, the filters pages keep with each of their polls, and the
 * popup re-reading its whole state then held up the worker as the approval window loaded.
 */

/** Session keys: the windows' ids, the frames with a port, the requests answered, the auto-lock deadline. */
export const BOOKKEEPING_KEYS = ['approvalWindowId', 'activityWindowId', 'providerFrames', 'answeredRequests', 'lockAt'] as const;

/** The filters and subscriptions pages make the wallet keep (background/pageState/store.ts), each under a key of its own. */
export const PAGE_STATE_PREFIX = 'page ';

const bookkeeping = new Set<string>(BOOKKEEPING_KEYS);

/** Whether a change of these keys may change what a page shows. */
export const showsOnPages = (changed: readonly string[]): boolean => changed.some((key) => !bookkeeping.has(key) && !key.startsWith(PAGE_STATE_PREFIX));
