/**
 * How long a fee in USDC is waited on: a bundler that has not answered its estimate by then is given up on, so the
 * Send's ETH quote, or the batch's screen with ETH, never waits longer for it.
 */
export const USDC_QUOTE_DEADLINE_MS = 5000;

/** `work`'s answer, or `late()`'s once USDC_QUOTE_DEADLINE_MS has passed without one. */
export async function withinQuoteDeadline<T>(work: Promise<T>, late: () => T): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const givenUp = new Promise<T>((resolve) => (timer = setTimeout(() => resolve(late()), USDC_QUOTE_DEADLINE_MS)));
  try {
    return await Promise.race([work, givenUp]);
  } finally {
    clearTimeout(timer);
  }
}
