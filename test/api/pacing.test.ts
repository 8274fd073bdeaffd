import { createPacer, defaultRequestsPerMinute, UNLIMITED } from "../../src/api/pacing";
import { ENVIRONMENTS } from "../../src/api/routes";

/** A clock that only moves when someone sleeps. */
function fakeClock(start = 1_000_000) {
  let t = start;
  const sleeps: number[] = [];
  return {
    now: () => t,
    sleep: async (ms: number) => {
      sleeps.push(ms);
      t += ms;
    },
    sleeps,
    advance: (ms: number) => {
      t += ms;
    },
  };
}

describe("pacing", () => {
  it("lets `limit` requests through at once, then one per freed slot of the window", async () => {
    const c = fakeClock();
    const pacer = createPacer({ limit: 5, windowMs: 60_000, now: c.now, sleep: c.sleep });
    const starts: number[] = [];
    for (let i = 0; i < 12; i++) {
      await pacer.acquire();
      starts.push(c.now() - 1_000_000);
    }
    expect(starts).toEqual([0, 0, 0, 0, 0, 60_000, 60_000, 60_000, 60_000, 60_000, 120_000, 120_000]);
    // In any 60 s window no more than 5 starts.
    for (const s of starts) expect(starts.filter((x) => x >= s && x < s + 60_000).length).toBeLessThanOrEqual(5);
  });

  it("hands parallel callers distinct slots", async () => {
    const c = fakeClock();
    const waits: number[] = [];
    const sleep = async (ms: number) => {
      waits.push(ms);
    };
    const p2 = createPacer({ limit: 2, windowMs: 1000, now: c.now, sleep });
    await Promise.all([p2.acquire(), p2.acquire(), p2.acquire(), p2.acquire(), p2.acquire()]);
    expect(waits.sort((a, b) => a - b)).toEqual([1000, 1000, 2000]);
  });

  it("frees slots as time passes", async () => {
    const c = fakeClock();
    const pacer = createPacer({ limit: 2, windowMs: 1000, now: c.now, sleep: c.sleep });
    await pacer.acquire();
    c.advance(600);
    await pacer.acquire();
    c.advance(500);
    await pacer.acquire(); // the first slot (t=0) has left the window at t=1100
    expect(c.sleeps).toEqual([]);
    await pacer.acquire(); // next free: second start (600) + 1000 = 1600, now 1100
    expect(c.sleeps).toEqual([500]);
  });

  it("holds everyone back after pauseUntil", async () => {
    const c = fakeClock();
    const pacer = createPacer({ limit: 100, now: c.now, sleep: c.sleep });
    pacer.pauseUntil(c.now() + 7000);
    await pacer.acquire();
    await pacer.acquire();
    expect(c.sleeps).toEqual([7000]);
  });

  it("is unlimited for a limit of Infinity or 0", async () => {
    const c = fakeClock();
    expect(createPacer({ limit: Infinity, now: c.now, sleep: c.sleep })).toBe(UNLIMITED);
    expect(createPacer({ limit: 0, now: c.now, sleep: c.sleep })).toBe(UNLIMITED);
  });

  it("defaults by environment: 100 production, 20 sandbox, none elsewhere", () => {
    expect(defaultRequestsPerMinute(ENVIRONMENTS.production)).toBe(100);
    expect(defaultRequestsPerMinute(ENVIRONMENTS.sandbox + "/")).toBe(20);
    expect(defaultRequestsPerMinute(ENVIRONMENTS.local)).toBe(Infinity);
    expect(defaultRequestsPerMinute("http://example.test/v1")).toBe(Infinity);
  });
});
