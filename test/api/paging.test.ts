import { CancelledError } from "../../src/api/errors";
import { iterateItems, iterateList, type FetchPage } from "../../src/api/paging";
import type { ListPage } from "../../src/api/types";
import { sendJson, startTinyServer, type TinyServer } from "./helpers/http";

// A list endpoint over real HTTP: `total` items numbered 1..total, each page answered after `delayMs`
// (jittered so pages finish out of order), counting how many requests are in flight at once.
let server: TinyServer;
let total = 1000;
let delayMs = 30;
let omitTotal = false;
let failPage = 0;
let inFlight = 0;
let maxInFlight = 0;

beforeAll(async () => {
  server = await startTinyServer(async (req, res) => {
    const u = new URL(req.url ?? "/", "http://x");
    const page = Number(u.searchParams.get("currentPage"));
    const size = Number(u.searchParams.get("pageSize"));
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    await new Promise((r) => setTimeout(r, delayMs * (0.5 + ((page * 7) % 5) / 4)));
    inFlight--;
    if (page === failPage) return sendJson(res, 500, { status: false, message: "boom", code: 500, data: null });
    const from = (page - 1) * size;
    const list = Array.from({ length: Math.max(0, Math.min(size, total - from)) }, (_, i) => ({ n: from + i + 1 }));
    sendJson(res, 200, { status: true, message: "", code: 0, data: omitTotal ? { currentPage: page, list } : { total, currentPage: page, list } });
  });
});
afterAll(() => server.close());
beforeEach(() => {
  total = 1000;
  delayMs = 30;
  omitTotal = false;
  failPage = 0;
  maxInFlight = 0;
});

let fetched: number[] = [];
const fetchPage: FetchPage<{ n: number }> = async (page, pageSize, signal) => {
  fetched.push(page);
  const res = await fetch(`${server.url}/items?currentPage=${page}&pageSize=${pageSize}`, { signal });
  const env = (await res.json()) as { status: boolean; message: string; data: ListPage<{ n: number }> };
  if (!env.status) throw new Error(env.message);
  return env.data;
};
beforeEach(() => {
  fetched = [];
});

async function collect(it: AsyncIterable<ListPage<{ n: number }>>): Promise<ListPage<{ n: number }>[]> {
  const pages = [];
  for await (const p of it) pages.push(p);
  return pages;
}

describe("iterateList", () => {
  it("yields every page in order, fetching up to `concurrency` at once", async () => {
    const pages = await collect(iterateList(fetchPage, { pageSize: 100, concurrency: 4 }));
    expect(pages.map((p) => p.currentPage)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(pages.flatMap((p) => p.list.map((x) => x.n))).toEqual(Array.from({ length: 1000 }, (_, i) => i + 1));
    expect(maxInFlight).toBe(4);
  });

  it("reads one page at a time with concurrency 1", async () => {
    await collect(iterateList(fetchPage, { pageSize: 100, concurrency: 1 }));
    expect(maxInFlight).toBe(1);
  });

  it("uses pages of 200 by default and handles a last short page and an empty list", async () => {
    total = 401;
    const pages = await collect(iterateList(fetchPage));
    expect(pages.map((p) => p.list.length)).toEqual([200, 200, 1]);
    total = 0;
    const empty = await collect(iterateList(fetchPage));
    expect(empty).toHaveLength(1);
    expect(empty[0].list).toEqual([]);
  });

  it("reads on until a short page when the service gives no total", async () => {
    omitTotal = true;
    total = 250;
    const items = [];
    for await (const x of iterateItems(fetchPage, { pageSize: 100 })) items.push(x.n);
    expect(items).toHaveLength(250);
    expect(fetched).toEqual([1, 2, 3]);
  });

  it("passes a failing page's error on", async () => {
    failPage = 3;
    await expect(collect(iterateList(fetchPage, { pageSize: 100, concurrency: 3 }))).rejects.toThrow("boom");
  });

  it("stops fetching and throws CancelledError when the signal fires", async () => {
    delayMs = 40;
    const ctl = new AbortController();
    const seen: number[] = [];
    const run = (async () => {
      for await (const p of iterateList(fetchPage, { pageSize: 10, concurrency: 2, signal: ctl.signal })) {
        seen.push(p.currentPage);
        if (p.currentPage === 3) ctl.abort();
      }
    })();
    await expect(run).rejects.toBeInstanceOf(CancelledError);
    expect(seen).toEqual([1, 2, 3]);
    const fetchedAtCancel = fetched.length;
    await new Promise((r) => setTimeout(r, 150));
    expect(fetched.length).toBe(fetchedAtCancel);
    expect(fetchedAtCancel).toBeLessThanOrEqual(5);
  });

  it("throws CancelledError at once for an already aborted signal", async () => {
    const ctl = new AbortController();
    ctl.abort();
    await expect(collect(iterateList(fetchPage, { signal: ctl.signal }))).rejects.toBeInstanceOf(CancelledError);
    expect(fetched).toEqual([]);
  });

  it("cancels pages in flight when the consumer stops early", async () => {
    const signals: AbortSignal[] = [];
    const watching: FetchPage<{ n: number }> = (page, size, signal) => {
      signals.push(signal);
      return fetchPage(page, size, signal);
    };
    for await (const p of iterateList(watching, { pageSize: 10, concurrency: 3 })) {
      if (p.currentPage === 2) break;
    }
    expect(signals.every((s) => s.aborted)).toBe(true);
  });
});
