/**
 * When the worker received a request, in milliseconds since the epoch: the approval queue lists requests in this
 * order, as they arrived, not as their plans were ready. Two requests of one worker never share one (a page's
 * back-to-back requests arrive within the same millisecond); a restarted worker's clock has moved on past them.
 */
let last = 0;

export const receivedNow = (): number => (last = Math.max(Date.now(), last + 1));
