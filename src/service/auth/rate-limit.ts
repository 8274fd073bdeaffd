// Per-token request budget per minute (sliding one-minute window), to let clients test their
// 429 / Retry-After handling as the real service limits them.
export class RateLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(private readonly perMinute: number) {}

  /** Seconds to wait when over the limit, else 0 (and the hit is counted). */
  take(key: string, now = Date.now()): number {
    const windowStart = now - 60_000;
    const list = (this.hits.get(key) ?? []).filter((t) => t > windowStart);
    if (list.length >= this.perMinute) {
      this.hits.set(key, list);
      return Math.max(1, Math.ceil((list[0] + 60_000 - now) / 1000));
    }
    list.push(now);
    this.hits.set(key, list);
    return 0;
  }
}
