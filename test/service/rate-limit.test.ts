// The service's per-token rate limit on its own clock: a sliding minute by default (the real
// service's limits are per minute), and Retry-After the whole seconds until the oldest request of
// the window leaves it. Over HTTP: test/service/auth.test.ts (default window) and
// test/api/service-auth.test.ts (a short window the client waits out in real time).
import { RATE_LIMIT_WINDOW_MS, RateLimiter } from "../../src/service/auth/rate-limit";

test("the default window is a minute: the 4th request of 3 allowed waits until the first is a minute old", () => {
  expect(RATE_LIMIT_WINDOW_MS).toBe(60_000);
  const limiter = new RateLimiter(3);
  expect([0, 1_000, 2_000].map((t) => limiter.take("a", t))).toEqual([0, 0, 0]);
  expect(limiter.take("a", 2_500)).toBe(58); // ceil(57.5 s)
  expect(limiter.take("a", 59_999)).toBe(1);
  // Refusals are not counted: the first request leaves the window and one more is let in.
  expect(limiter.take("a", 60_000)).toBe(0);
  expect(limiter.take("a", 60_001)).toBe(1); // the one at 1,000 ms is still inside
  // Another token has its own budget.
  expect(limiter.take("b", 60_001)).toBe(0);
});

test("a shorter window (tests) counts and answers the same way in its own span", () => {
  const limiter = new RateLimiter(2, 5_000);
  expect([0, 100].map((t) => limiter.take("a", t))).toEqual([0, 0]);
  expect(limiter.take("a", 200)).toBe(5); // ceil(4.8 s)
  expect(limiter.take("a", 4_999)).toBe(1);
  expect(limiter.take("a", 5_000)).toBe(0);
});
