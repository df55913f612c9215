/**
 * Requests per second per client address and per API key, as token buckets (a burst of one second's worth). Kept in
 * each instance's memory: behind a load balancer of N instances a client gets up to N times the rate, which is what
 * these limits are for (shedding floods); the budgets, which must hold exactly, are in the store.
 */
export class RateLimiter {
  readonly #buckets = new Map<string, { tokens: number; at: number }>();

  /** `perSecond` 0 or less: no limit. */
  constructor(
    readonly perSecond: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Takes `count` tokens from `key`'s bucket (a batch's requests), or none and false when fewer are left. */
  take(key: string, count = 1): boolean {
    if (this.perSecond <= 0) return true;
    const now = this.now();
    const bucket = this.#buckets.get(key) ?? { tokens: this.perSecond, at: now };
    bucket.tokens = Math.min(this.perSecond, bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond);
    bucket.at = now;
    if (bucket.tokens < count) {
      this.#buckets.set(key, bucket);
      return false;
    }
    bucket.tokens -= count;
    this.#buckets.set(key, bucket);
    if (this.#buckets.size > MAX_TRACKED) this.#forgetFull(now);
    return true;
  }

  /** A full bucket is the same as none: dropping those bounds the memory a flood of addresses can take. */
  #forgetFull(now: number): void {
    for (const [key, bucket] of this.#buckets) {
      if (bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond >= this.perSecond) this.#buckets.delete(key);
    }
  }
}

const MAX_TRACKED = 10_000;
