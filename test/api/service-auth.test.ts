// The client against the real local service: tokens (expiry, refresh on 401, wrong credentials),
// the service's 429 with Retry-After, a create whose answer is lost, cancellation, secrets.
import { createClient } from "../../src/api/client";
import { CancelledError, OutcomeUnknownError, RateLimitError, WrongCredentialsError } from "../../src/api/errors";
import { LOCAL_STORE, startTestService, type TestService } from "../helpers/service";
import { bodyProblems, DEMO, recorded, recordedClient } from "./helpers/client";
import { startDroppingProxy } from "./helpers/proxy";

let service: TestService; // tokens live 2 s
// 3 requests per 5 s per token: waiting out its Retry-After takes seconds, not the minute of the
// default window (whose Retry-After test/service/rate-limit.test.ts and test/service/auth.test.ts prove).
let limited: TestService;
const WINDOW_MS = 5_000;

beforeAll(async () => {
  [service, limited] = await Promise.all([
    startTestService({ store: LOCAL_STORE, tokenTtlSeconds: 2 }),
    startTestService({ store: LOCAL_STORE, rateLimitPerMinute: 3, args: ["--rate-limit-window-ms", String(WINDOW_MS)] }),
  ]);
}, 120_000);
afterAll(async () => {
  await Promise.all([service?.stop(), limited?.stop()]);
});

const tokenRequests = () => recorded.filter((r) => r.path === "/token").length;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("tokens", () => {
  it("testConnection gets a token and answers the company's name", async () => {
    await expect(recordedClient(service.root).testConnection()).resolves.toBe("Demo Co., Ltd.");
  });

  it("wrong credentials: 'wrong client id or secret', and the secret appears nowhere", async () => {
    const lines: string[] = [];
    const c = recordedClient(service.root, { clientSecret: "not-the-secret-123", logger: (l) => lines.push(l) });
    const err = await c.testConnection().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WrongCredentialsError);
    expect((err as Error).message).toBe("wrong client id or secret");
    expect(`${(err as Error).message} ${(err as Error).stack} ${lines.join("\n")}`).not.toContain("not-the-secret-123");
    expect(lines.join("\n")).toContain("POST /token → 200");
  });

  it("reuses the token while it lives and fetches a new one after it expires", async () => {
    const before = tokenRequests();
    const c = recordedClient(service.root);
    await c.company.get();
    await c.contacts.list();
    expect(tokenRequests() - before).toBe(1);
    await sleep(2100);
    await c.company.get();
    expect(tokenRequests() - before).toBe(2);
  });

  it("on a 401 (token expired although the client's clock says otherwise) fetches a new token once and succeeds", async () => {
    const frozen = Date.now();
    const c = recordedClient(service.root, { now: () => frozen });
    await c.company.get();
    const before = tokenRequests();
    await sleep(2100); // the service's token has expired; the client cannot know
    await expect(c.company.get()).resolves.toMatchObject({ compnayName: "Demo Co., Ltd." });
    expect(tokenRequests() - before).toBe(1);
    const statuses = recorded.slice(-3).map((r) => `${r.method} ${r.path}`);
    expect(statuses).toEqual(["GET /company/info", "POST /token", "GET /company/info"]);
  });
});

describe("rate limit", () => {
  it("gives RateLimitError with the service's Retry-After when retries are spent", async () => {
    const waits: number[] = [];
    const c = recordedClient(limited.root, { maxRetries: 2, sleep: async (ms) => void waits.push(ms) });
    for (let i = 0; i < 3; i++) await c.company.get();
    const err = (await c.company.get().catch((e: unknown) => e)) as RateLimitError;
    expect(err).toBeInstanceOf(RateLimitError);
    expect(err.httpStatus).toBe(429);
    // Whole seconds, at least 1, within the window.
    expect(err.retryAfterMs! % 1_000).toBe(0);
    expect(err.retryAfterMs).toBeGreaterThanOrEqual(1_000);
    expect(err.retryAfterMs).toBeLessThanOrEqual(WINDOW_MS);
    // Both retries waited at least what the service asked (the client's own backoff before them is
    // under a second).
    expect(waits).toHaveLength(2);
    for (const w of waits) expect(w).toBeGreaterThanOrEqual(1_000);
  });

  it("waits out Retry-After and then succeeds (real time, on the 5-second window)", async () => {
    const lines: string[] = [];
    const c = recordedClient(limited.root, { logger: (l) => lines.push(l) });
    const t0 = Date.now();
    for (let i = 0; i < 4; i++) await c.company.get(); // a new token: 3 allowed, the 4th waits
    const elapsed = Date.now() - t0;
    expect(lines.some((l) => /→ 429/.test(l))).toBe(true);
    const retries = lines.map((l) => /^retry \d+\/4 of company.get in (\d+) ms/.exec(l)).filter((m) => m !== null);
    // One wait was enough, and it was the service's Retry-After (whole seconds within the window;
    // the client's own backoff before a first retry is under half a second), waited in real time.
    expect(retries).toHaveLength(1);
    const waited = Number(retries[0]![1]);
    expect(waited % 1_000).toBe(0);
    expect(waited).toBeGreaterThanOrEqual(1_000);
    expect(waited).toBeLessThanOrEqual(WINDOW_MS);
    expect(elapsed).toBeGreaterThanOrEqual(waited);
  }, 30_000);

  it("paces itself: a request beyond requestsPerMinute waits for a free slot of the minute", async () => {
    let now = 0;
    const waits: number[] = [];
    const lines: string[] = [];
    // A fresh token has its own budget of 3; pacing at 3 a minute, the client waits instead.
    const c = recordedClient(limited.root, {
      requestsPerMinute: 3, maxRetries: 0, now: () => now, sleep: async (ms) => { waits.push(ms); now += ms; }, logger: (l) => lines.push(l),
    });
    await c.company.get(); // token + 1 read = 2 slots
    await c.contacts.list(); // 3rd slot
    expect(waits).toEqual([]);
    // The 4th in the minute waits (on the injected clock; the real service then still refuses it).
    await c.company.get().catch(() => undefined);
    expect(waits[0]).toBe(60_000);
  });
});

describe("lost answers and cancelling", () => {
  it("a create whose answer is lost is 'outcome unknown', sent once, and the record does exist", async () => {
    const proxy = await startDroppingProxy(service.origin, (m, p) => m === "POST" && p === "/test/contacts");
    try {
      const viaProxy = recordedClient(`${proxy.origin}/test`);
      const name = `Lost Answer ${Date.now()}`;
      const err = await viaProxy.contacts.create({ contactName: name, contactType: 3, contactGroup: 3 }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(OutcomeUnknownError);
      expect((err as Error).message).toMatch(/^outcome unknown/);
      expect(proxy.dropped).toEqual(["POST /test/contacts"]);
      const found = [];
      for await (const page of recordedClient(service.root).contacts.listAll()) found.push(...page.list.filter((x) => x.contactName === name));
      expect(found).toHaveLength(1);
    } finally {
      await proxy.close();
    }
  });

  it("a read whose answer is lost is sent again and succeeds", async () => {
    let first = true;
    const proxy = await startDroppingProxy(service.origin, (m, p) => {
      const drop = first && m === "GET" && p === "/test/company/info";
      if (drop) first = false;
      return drop;
    });
    try {
      await expect(recordedClient(`${proxy.origin}/test`, { sleep: async () => {} }).company.get()).resolves.toMatchObject({ compnayName: "Demo Co., Ltd." });
      expect(proxy.dropped).toEqual(["GET /test/company/info"]);
    } finally {
      await proxy.close();
    }
  });

  it("an aborted signal gives CancelledError and sends nothing more", async () => {
    const c = recordedClient(service.root);
    const ctl = new AbortController();
    ctl.abort();
    const before = recorded.length;
    await expect(c.contacts.list({}, { signal: ctl.signal })).rejects.toBeInstanceOf(CancelledError);
    expect(recorded.length).toBe(before);
  });

  it("a client without a reachable service fails with a network error naming no secret", async () => {
    const c = createClient({ root: "http://127.0.0.1:9/test", ...DEMO, maxRetries: 0 });
    const err = await c.testConnection().catch((e: unknown) => e);
    expect((err as Error).name).toBe("NetworkError");
    expect((err as Error).message).not.toContain(DEMO.clientSecret);
  });
});

it("sent only bodies that validate against openapi-2020.yaml", () => {
  expect(recorded.length).toBeGreaterThan(10);
  expect(bodyProblems()).toEqual([]);
});
