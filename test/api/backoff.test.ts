import { backoffDelay, defaultSleep, parseRetryAfter } from "../../src/api/backoff";
import { CancelledError } from "../../src/api/errors";

describe("parseRetryAfter", () => {
  const now = Date.parse("2026-03-01T10:00:00Z");

  it("reads delta-seconds", () => {
    expect(parseRetryAfter("120", now)).toBe(120_000);
    expect(parseRetryAfter(" 0 ", now)).toBe(0);
    expect(parseRetryAfter("1.5", now)).toBe(1500);
  });

  it("reads an HTTP date as the time left until it", () => {
    expect(parseRetryAfter("Sun, 01 Mar 2026 10:00:30 GMT", now)).toBe(30_000);
  });

  it("never returns a negative wait for a date in the past", () => {
    expect(parseRetryAfter("Sun, 01 Mar 2026 09:00:00 GMT", now)).toBe(0);
  });

  it("ignores what it cannot read", () => {
    for (const v of [null, undefined, "", "soon", "-5", "12abc", "1e3"]) expect(parseRetryAfter(v, now)).toBeUndefined();
  });
});

describe("backoffDelay", () => {
  it("grows exponentially up to the cap, with full jitter", () => {
    const top = () => 0.999999;
    expect(backoffDelay(0, top)).toBe(499);
    expect(backoffDelay(1, top)).toBe(999);
    expect(backoffDelay(3, top)).toBe(3999);
    expect(backoffDelay(20, top)).toBe(29_999);
    expect(backoffDelay(5, () => 0)).toBe(0);
    const mid = backoffDelay(2, () => 0.5);
    expect(mid).toBe(1000);
  });
});

describe("defaultSleep", () => {
  it("rejects with CancelledError when aborted", async () => {
    const ctl = new AbortController();
    const p = defaultSleep(10_000, ctl.signal);
    ctl.abort();
    await expect(p).rejects.toBeInstanceOf(CancelledError);
  });

  it("resolves after the time", async () => {
    const t0 = Date.now();
    await defaultSleep(30);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(25);
  });
});
