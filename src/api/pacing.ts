// Pacing: keeps the client under the service's rate limit instead of running into 429s.
// A sliding window: at most `limit` requests start in any `windowMs` span. Each caller reserves
// the earliest free start time (reservations are handed out in order, so parallel callers never
// share a slot) and sleeps until then. A 429 with Retry-After pauses every caller, not only the
// one that got it.

import { ENVIRONMENTS } from "./routes";
import type { Sleep } from "./backoff";

export interface Pacer {
  /** Waits until a request may start. */
  acquire(signal?: AbortSignal): Promise<void>;
  /** No request starts before `atMs` (the service told us to wait). */
  pauseUntil(atMs: number): void;
}

export const UNLIMITED: Pacer = { acquire: async () => {}, pauseUntil: () => {} };

export function createPacer(opts: { limit: number; windowMs?: number; now: () => number; sleep: Sleep }): Pacer {
  const { limit, now, sleep } = opts;
  const windowMs = opts.windowMs ?? 60_000;
  if (!(limit > 0) || !Number.isFinite(limit)) return UNLIMITED;
  const starts: number[] = []; // reserved start times, ascending
  let pausedUntil = 0;

  const reserve = (): number => {
    const t0 = now();
    // Older reservations no longer constrain anything.
    while (starts.length > 0 && starts[0] <= t0 - windowMs) starts.shift();
    let at = Math.max(t0, pausedUntil);
    if (starts.length >= limit) at = Math.max(at, starts[starts.length - limit] + windowMs);
    starts.push(at);
    return at;
  };

  return {
    async acquire(signal) {
      const wait = reserve() - now();
      if (wait > 0) await sleep(wait, signal);
    },
    pauseUntil(atMs) {
      pausedUntil = Math.max(pausedUntil, atMs);
    },
  };
}

/** Requests per minute by environment (service-facts §7.1): 100 production, 20 sandbox, else none. */
export function defaultRequestsPerMinute(root: string): number {
  const r = root.replace(/\/+$/, "");
  if (r === ENVIRONMENTS.production) return 100;
  if (r === ENVIRONMENTS.sandbox) return 20;
  return Infinity;
}
