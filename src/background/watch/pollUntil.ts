/**
 * A bounded wait for a condition only polling can see (a batch sent, a userOp run on chain): `attempt` is asked until
 * it answers something, `everyMs` between asks; once `forMs` have passed since the first, `late()` is thrown instead
 * of asking again. Each ask runs to its end: the bound is checked between asks, never in the middle of one.
 */
export async function pollUntil<T>(attempt: () => Promise<T | undefined>, { everyMs, forMs, late }: { everyMs: number; forMs: number; late: () => Error }): Promise<T> {
  const until = Date.now() + forMs;
  for (;;) {
    const answer = await attempt();
    if (answer !== undefined) return answer;
    if (Date.now() >= until) throw late();
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
