// Waiting between attempts: Retry-After parsing, exponential backoff with full jitter, and an
// abortable sleep. A small module of our own rather than p-retry: p-retry is ESM-only and decides
// retries from exceptions, while ours depend on the route (idempotent or not) and the HTTP answer.

import { CancelledError } from "./errors";

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/**
 * Retry-After is either delta-seconds ("120", we also accept "1.5") or an HTTP date. Returns
 * milliseconds from `nowMs`, never negative; undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | null | undefined, nowMs: number): number | undefined {
  if (value === null || value === undefined) return undefined;
  const text = value.trim();
  if (text === "") return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  // Only accept something that looks like a date, so "soon" or "-5" are not parsed by Date's leniency.
  if (!/[a-z]/i.test(text) || !/\d{4}/.test(text)) return undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowMs);
}

export interface BackoffOptions {
  /** Delay cap before jitter for the first retry. */
  baseMs: number;
  /** Largest delay. */
  maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 500, maxMs: 30_000 };

/**
 * "Full jitter": a random delay in [0, min(max, base·2^attempt)], which spreads parallel clients
 * apart better than a fixed doubling. `attempt` counts from 0 (first retry).
 */
export function backoffDelay(attempt: number, random: () => number = Math.random, opts: BackoffOptions = DEFAULT_BACKOFF): number {
  const cap = Math.min(opts.maxMs, opts.baseMs * 2 ** Math.max(0, attempt));
  return Math.floor(random() * cap);
}

/** setTimeout-based sleep that rejects with CancelledError when `signal` fires. */
export const defaultSleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(new CancelledError("wait"));
    const onAbort = () => {
      clearTimeout(timer);
      reject(new CancelledError("wait"));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, Math.max(0, ms));
    signal?.addEventListener("abort", onAbort, { once: true });
  });
