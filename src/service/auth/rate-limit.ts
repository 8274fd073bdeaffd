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

/** Keys kept before the idle ones are dropped: an attacker's many client ids and addresses cannot
 * grow the map without bound. */
const MAX_KEYS = 10_000;

/**
 * Failed token grants per key (a client id, an address) in a sliding window. Only failures count,
 * so good grants are never slowed; once a key has `perWindow` failures, every grant on it is
 * refused until the oldest leaves the window: a right secret then would tell the guesser it is right.
 */
export class FailureLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly perWindow: number, private readonly windowMs = RATE_LIMIT_WINDOW_MS) {}

  /** Seconds to wait before any grant on one of these keys, else 0. */
  wait(keys: readonly string[], now = Date.now()): number {
    let wait = 0;
    for (const key of keys) {
      const list = this.recent(key, now);
      if (list.length >= this.perWindow) wait = Math.max(wait, Math.ceil((list[list.length - this.perWindow] + this.windowMs - now) / 1000), 1);
    }
    return wait;
  }

  /** Counts a failed grant against each key. */
  fail(keys: readonly string[], now = Date.now()): void {
    if (this.failures.size > MAX_KEYS) this.forgetIdle(now);
    for (const key of keys) {
      const list = this.recent(key, now);
      list.push(now);
      this.failures.set(key, list.slice(-this.perWindow));
    }
  }

  private recent(key: string, now: number): number[] {
    const start = now - this.windowMs;
    return (this.failures.get(key) ?? []).filter((t) => t > start);
  }

  private forgetIdle(now: number): void {
    for (const [key, list] of this.failures) if (list[list.length - 1] <= now - this.windowMs) this.failures.delete(key);
    if (this.failures.size > MAX_KEYS) this.failures.clear();
  }
}
