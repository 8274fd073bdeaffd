// Per-token request budget per minute (sliding one-minute window), to let clients test their
// 429 / Retry-After handling as the real service limits them. Tests may shorten the window, so a
// client's wait for Retry-After takes seconds instead of a minute.
export const RATE_LIMIT_WINDOW_MS = 60_000;

export class RateLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(private readonly perWindow: number, private readonly windowMs = RATE_LIMIT_WINDOW_MS) {}

  /** Seconds to wait when over the limit, else 0 (and the hit is counted). */
  take(key: string, now = Date.now()): number {
    const windowStart = now - this.windowMs;
    const list = (this.hits.get(key) ?? []).filter((t) => t > windowStart);
    if (list.length >= this.perWindow) {
      this.hits.set(key, list);
      return Math.max(1, Math.ceil((list[0] + this.windowMs - now) / 1000));
    }
    list.push(now);
    this.hits.set(key, list);
    return 0;
  }
}
