// Kept list totals and marks (issue 15, migrations 0009 and 0010) over real HTTP on each store: a
// search's total is counted once and kept, and every kind of write (create, edit that makes a row
// stop or start matching, delete) changes it in the write's own transaction; deep pages read from
// kept marks are exactly the pages of the whole list, before and after writes that move rows across
// marks. Kept entries are capped per company and family; writes and searches at once, from two
// service processes on one PostgreSQL, leave every total exact.
import { Client as PgClient } from "pg";
import { startTestService, storesUnderTest, type TestService } from "../helpers/service";
import { clientFor, serviceForFile, simpleBody, type Client } from "./support";

jest.setTimeout(180_000);

const q = (params: Record<string, string>): string => `?${new URLSearchParams(params).toString()}`;
type Doc = { recordId: number; documentSerial: string; publishedOn: string };

/** Runs `jobs` with at most `width` at a time. */
async function inBatches<T>(jobs: Array<() => Promise<T>>, width: number): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < jobs.length; i += width) out.push(...(await Promise.all(jobs.slice(i, i + width).map((job) => job()))));
  return out;
}

// Marks every 20 rows instead of 500: the deep-page test reaches past three marks with 65 documents.
const MARK_EVERY = 20;
// Three kept entries per company and family instead of 16: the tests go past the cap.
const KEPT = 3;

describe.each(storesUnderTest)("kept list totals (%s)", (store) => {
  const ctx = serviceForFile(store, { env: { DOCSHEET_LIST_MARK_EVERY: String(MARK_EVERY), DOCSHEET_LIST_KEPT: String(KEPT) } });
  let demo: Client;
  beforeAll(() => {
    ({ demo } = ctx);
  });
  const page = async (client: Client, path: string, params: Record<string, string>) => {
    const a = await client.get(`${path}${q(params)}`);
    expect(a.body).toMatchObject({ status: true });
    return a.body.data as { total: number; list: Doc[] };
  };
  const create = async (client: Client, path: string, overrides: Record<string, unknown>): Promise<Doc> => {
    const a = await client.post(path, simpleBody(overrides));
    expect(a.body).toMatchObject({ status: true });
    return a.body.data;
  };

  /** Every page of a search in an order, 10 a page, the last first (it counts and keeps the marks
   * the deeper pages seek from), each with the whole total `count`: the serials in list order. */
  const searchPages = async (path: string, searchString: string, by: string, desc: boolean, count: number): Promise<string[]> => {
    const serials: string[] = [];
    const sortBy = `[{'name':'${by}','sortOrder':'${desc ? "desc" : "asc"}'}]`;
    for (let n = Math.ceil(count / 10); n >= 1; n--) {
      const p = await page(demo, path, { searchString, sortBy, pageSize: "10", currentPage: String(n) });
      expect(p.total).toBe(count);
      serials.unshift(...p.list.map((d) => d.documentSerial));
    }
    return serials;
  };

  it("counts a search again after every write that follows it", async () => {
    const search = { searchString: "kept count", pageSize: "5" };
    const docs: Doc[] = [];
    for (let i = 0; i < 7; i++) docs.push(await create(demo, "/quotations", { contactName: `Kept Count Co ${i}` }));
    // A full first page: the total is counted, then kept and answered again.
    expect((await page(demo, "/quotations", search)).total).toBe(7);
    expect((await page(demo, "/quotations", search)).total).toBe(7);
    expect((await page(demo, "/quotations", { ...search, currentPage: "2" })).total).toBe(7);

    await create(demo, "/quotations", { contactName: "Kept Count Co 7" });
    expect((await page(demo, "/quotations", search)).total).toBe(8);

    const put = await demo.put(`/quotations/${docs[0].recordId}`, simpleBody({ documentStructureType: "UpdateSimpleDocument", contactName: "Moved Elsewhere" }));
    expect(put.body).toMatchObject({ status: true });
    expect((await page(demo, "/quotations", search)).total).toBe(7);
    // An edit that makes a row match.
    const late = await create(demo, "/quotations", { contactName: "Not Yet" });
    expect((await page(demo, "/quotations", search)).total).toBe(7);
    const back = await demo.put(`/quotations/${late.recordId}`, simpleBody({ documentStructureType: "UpdateSimpleDocument", contactName: "Kept Count Late" }));
    expect(back.body).toMatchObject({ status: true });
    expect((await page(demo, "/quotations", search)).total).toBe(8);
    // Deleting one that does not match leaves it.
    const noise = await create(demo, "/quotations", { contactName: "Not Kept" });
    expect((await demo.del(`/quotations/${noise.recordId}`)).body).toMatchObject({ status: true });
    expect((await page(demo, "/quotations", search)).total).toBe(8);
    const moved = await demo.put(`/quotations/${late.recordId}`, simpleBody({ documentStructureType: "UpdateSimpleDocument", contactName: "Gone Away" }));
    expect(moved.body).toMatchObject({ status: true });
    expect((await page(demo, "/quotations", search)).total).toBe(7);

    expect((await demo.del(`/quotations/${docs[1].recordId}`)).body).toMatchObject({ status: true });
    const second = await page(demo, "/quotations", { ...search, currentPage: "2" });
    expect(second.total).toBe(6);
    expect(second.list).toHaveLength(1);

    // Another family's and another company's writes leave the kept total right as well.
    await create(demo, "/billing-notes", { contactName: "Kept Count Co 8" });
    await create(ctx.other, "/quotations", { contactName: "Kept Count Co 9" });
    expect((await page(demo, "/quotations", search)).total).toBe(6);
    expect((await page(ctx.other, "/quotations", search)).total).toBe(1);
  });

  it("answers deep pages of a broad search from kept marks, and after a write moves the rows", async () => {
    const day = (i: number): string => new Date(Date.UTC(2025, 0, 1 + (i % 45))).toISOString().slice(0, 10);
    const made = await inBatches(Array.from({ length: 65 }, (_, i) => () => create(demo, "/tax-invoices", {
      contactName: `Marked Trading ${i}`, publishedOn: day(i * 7),
    })), 25);
    // Noise the search does not match, between the matches in the list index.
    await inBatches(Array.from({ length: 8 }, (_, i) => () => create(demo, "/tax-invoices", { contactName: `Other ${i}`, publishedOn: day(i) })), 25);

    const expected = (docs: Doc[], desc: boolean): string[] => [...docs]
      .sort((a, b) => (a.publishedOn === b.publishedOn ? a.recordId - b.recordId : a.publishedOn < b.publishedOn ? -1 : 1) * (desc ? -1 : 1))
      .map((d) => d.documentSerial);
    const allPages = async (extra: Record<string, string>): Promise<string[]> => {
      const serials: string[] = [];
      // Last page first: it counts and keeps the marks (one per MARK_EVERY rows) that the deeper pages seek from.
      for (let n = Math.ceil(made.length / 10); n >= 1; n--) {
        const p = await page(demo, "/tax-invoices", { searchString: "marked trading", pageSize: "10", currentPage: String(n), ...extra });
        expect(p.total).toBe(made.length);
        serials.unshift(...p.list.map((d) => d.documentSerial));
      }
      return serials;
    };
    const ascending = { sortBy: "[{'name':'publishedOn','sortOrder':'asc'}]" };
    expect(await allPages({})).toEqual(expected(made, true));
    expect(await allPages(ascending)).toEqual(expected(made, false));

    // A new match dated in the middle moves every row after it by one; a deleted one moves them back.
    made.push(await create(demo, "/tax-invoices", { contactName: "Marked Trading new", publishedOn: day(20) }));
    expect(await allPages({})).toEqual(expected(made, true));
    const gone = made.splice(20, 1)[0];
    expect((await demo.del(`/tax-invoices/${gone.recordId}`)).body).toMatchObject({ status: true });
    expect(await allPages(ascending)).toEqual(expected(made, false));
    // An edit moves a row from the last days to the first, across every mark of both orders.
    const last = made.reduce((a, b) => (b.publishedOn > a.publishedOn ? b : a));
    const put = await demo.put(`/tax-invoices/${last.recordId}`, simpleBody({
      documentStructureType: "UpdateSimpleDocument", contactName: "Marked Trading moved", publishedOn: day(0),
    }));
    expect(put.body).toMatchObject({ status: true });
    last.publishedOn = day(0);
    expect(await allPages({})).toEqual(expected(made, true));
    expect(await allPages(ascending)).toEqual(expected(made, false));
    // A new match on every day of the list, so on each mark's own day too (a mark counts the rows
    // before its day's first row: these are not before it in either order).
    const days = [...new Set(made.map((d) => d.publishedOn))];
    made.push(...await inBatches(days.map((publishedOn, i) => () => create(demo, "/tax-invoices", { contactName: `Marked Trading day ${i}`, publishedOn })), 25));
    expect(await allPages({})).toEqual(expected(made, true));
    expect(await allPages(ascending)).toEqual(expected(made, false));
  });

  it("a void moves no kept total nor mark (no kept list names the status) and rewrites no kept entry; a write that does move them still does", async () => {
    const day = (i: number): string => new Date(Date.UTC(2025, 2, 1 + (i % 30))).toISOString().slice(0, 10);
    const made = await inBatches(Array.from({ length: 45 }, (_, i) => () => create(demo, "/purchases", { contactName: `Voided Kept ${i}`, publishedOn: day(i * 7) })), 25);
    await inBatches(Array.from({ length: 5 }, (_, i) => () => create(demo, "/purchases", { contactName: `Other ${i}`, publishedOn: day(i) })), 25);
    const expected = (desc: boolean): string[] => [...made]
      .sort((a, b) => (a.publishedOn === b.publishedOn ? a.recordId - b.recordId : a.publishedOn < b.publishedOn ? -1 : 1) * (desc ? -1 : 1))
      .map((d) => d.documentSerial);
    const allPages = (desc: boolean): Promise<string[]> => searchPages("/purchases", "voided kept", "publishedOn", desc, made.length);
    expect(await allPages(true)).toEqual(expected(true));
    expect(await allPages(false)).toEqual(expected(false));
    // PostgreSQL: each kept entry's row version. A list read marks its entry used (used_at, a
    // moment after its answer): an entry whose used_at moved is left out of the comparison.
    const pg = ctx.svc.databaseUrl ? new PgClient({ connectionString: ctx.svc.databaseUrl }) : undefined;
    await pg?.connect();
    try {
      const versions = async () => new Map(pg ? (await pg.query<{ key: string; xmin: string; used: string }>(
        "select key, xmin::text, used_at::text as used from list_counts where family = 'purchases'")).rows.map((r) => [r.key, r]) : []);
      const before = await versions();
      for (const d of made.filter((_, i) => i % 3 === 0)) expect((await demo.post(`/purchases/${d.recordId}/status/void`)).body).toMatchObject({ status: true });
      const after = await versions();
      const compared = [...before.values()].filter((b) => after.get(b.key)?.used === b.used);
      if (pg) expect(compared.length).toBeGreaterThan(0);
      for (const b of compared) expect(after.get(b.key)!.xmin).toBe(b.xmin);
      expect(await allPages(true)).toEqual(expected(true));
      expect(await allPages(false)).toEqual(expected(false));
      // After the voids, an edit that moves an awaiting row across every mark (its count unchanged)
      // and a delete (its count one less) move the kept totals and marks as before.
      const awaiting = made.filter((_, i) => i % 3 !== 0);
      const last = awaiting.reduce((a, b) => (b.publishedOn > a.publishedOn ? b : a));
      const put = await demo.put(`/purchases/${last.recordId}`, simpleBody({ documentStructureType: "UpdateSimpleDocument", contactName: "Voided Kept moved", publishedOn: day(0) }));
      expect(put.body).toMatchObject({ status: true });
      last.publishedOn = day(0);
      const gone = awaiting[5];
      expect((await demo.del(`/purchases/${gone.recordId}`)).body).toMatchObject({ status: true });
      made.splice(made.indexOf(gone), 1);
      expect(await allPages(true)).toEqual(expected(true));
      expect(await allPages(false)).toEqual(expected(false));
    } finally {
      await pg?.end();
    }
  });

  // Amounts 535 × q: many rows share one, so the marks' ids matter as much as their amounts.
  const priced = (q: number, name: string) => simpleBody(
    { contactName: name, totalAfterDiscount: 500 * q, vatAmount: 35 * q, grandTotal: 535 * q }, { quantity: q, pricePerUnit: 500 },
  );
  type Priced = Doc & { grandTotal: number };
  const postPriced = async (path: string, q: number, name: string): Promise<Priced> => {
    const a = await demo.post(path, priced(q, name));
    expect(a.body).toMatchObject({ status: true });
    return a.body.data;
  };

  it("answers deep pages in Value order from kept marks, and after writes that change amounts", async () => {
    const post = (q: number, name: string) => postPriced("/billing-notes", q, name);
    const made = await inBatches(Array.from({ length: 64 }, (_, i) => () => post(1 + ((i * 7) % 9), `Valued Co ${i}`)), 25);
    await inBatches(Array.from({ length: 6 }, (_, i) => () => post(1 + i, `Other ${i}`)), 25);
    const expected = (desc: boolean): string[] => [...made]
      .sort((a, b) => (a.grandTotal === b.grandTotal ? a.recordId - b.recordId : a.grandTotal - b.grandTotal) * (desc ? -1 : 1))
      .map((d) => d.documentSerial);
    const allPages = (desc: boolean): Promise<string[]> => searchPages("/billing-notes", "valued co", "Value", desc, made.length);
    expect(await allPages(true)).toEqual(expected(true));
    expect(await allPages(false)).toEqual(expected(false));
    // Edits move the largest amounts to the smallest across every mark, and the rows at the marks
    // themselves (a mark is a row's amount and id: that row is not before it) to the other end;
    // new rows take each amount again (after its rows, by id); a delete moves the rows after it back.
    const bySerial = new Map(made.map((d) => [d.documentSerial, d]));
    const atMarks = [true, false].flatMap((desc) => [MARK_EVERY, 2 * MARK_EVERY].map((i) => bySerial.get(expected(desc)[i])!));
    const top = [...made].sort((a, b) => b.grandTotal - a.grandTotal || b.recordId - a.recordId).slice(0, 3);
    for (const [i, d] of [...new Set([...atMarks, ...top])].entries()) {
      const q = top.includes(d) || d.grandTotal > 535 * 4 ? 1 : 9;
      expect((await demo.put(`/billing-notes/${d.recordId}`, { ...priced(q, `Valued Co moved ${i}`), documentStructureType: "UpdateSimpleDocument" })).body).toMatchObject({ status: true });
      d.grandTotal = 535 * q;
    }
    made.push(...await inBatches(Array.from({ length: 9 }, (_, i) => () => post(1 + i, `Valued Co new ${i}`)), 25));
    const gone = made.splice(30, 1)[0];
    expect((await demo.del(`/billing-notes/${gone.recordId}`)).body).toMatchObject({ status: true });
    expect(await allPages(true)).toEqual(expected(true));
    expect(await allPages(false)).toEqual(expected(false));
  });

  it("makes Value-order marks again when writes widen the gap a page skips, and pages stay exact", async () => {
    const post = (q: number, name: string) => postPriced("/quotations", q, name);
    const made = await inBatches(Array.from({ length: 60 }, (_, i) => () => post(2 + (i % 8), `Gap Co ${i}`)), 25);
    const sortBy = "[{'name':'Value','sortOrder':'asc'}]";
    const expected = (): string[] => [...made].sort((a, b) => a.grandTotal - b.grandTotal || a.recordId - b.recordId).map((d) => d.documentSerial);
    const pageOf = (n: number) => page(demo, "/quotations", { searchString: "gap co", sortBy, pageSize: "10", currentPage: String(n) });
    const allPages = async (): Promise<string[]> => {
      const serials: string[] = [];
      for (let n = Math.ceil(made.length / 10); n >= 1; n--) serials.unshift(...(await pageOf(n)).list.map((d) => d.documentSerial));
      return serials;
    };
    expect(await allPages()).toEqual(expected()); // counted, with a mark every MARK_EVERY rows
    // 45 rows with the smallest amount: all before the first mark, which moves to row 65.
    made.push(...await inBatches(Array.from({ length: 45 }, (_, i) => () => post(1, `Gap Co small ${i}`)), 25));
    const p5 = await pageOf(5); // 40 rows past the last mark before it (none): made again beside it
    expect(p5.list.map((d) => d.documentSerial)).toEqual(expected().slice(40, 50));
    if (ctx.svc.databaseUrl) {
      const pg = new PgClient({ connectionString: ctx.svc.databaseUrl });
      await pg.connect();
      try {
        // Rows before each kept Value mark of the quotations, and from none to the first.
        const widest = async (): Promise<number> => {
          const { rows } = await pg.query<{ marks: Array<Array<string | number>> }>(
            "select marks from list_counts where family = 'quotations' and marks_by = 'Value'");
          const before = rows.flatMap((r) => [0, ...r.marks.map((m) => Number(m[m.length - 1]))]);
          return Math.max(...before.slice(1).map((b, i) => b - before[i]));
        };
        const deadline = Date.now() + 10_000;
        while ((await widest()) > MARK_EVERY && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
        expect(await widest()).toBeLessThanOrEqual(MARK_EVERY);
      } finally {
        await pg.end();
      }
    }
    expect(await allPages()).toEqual(expected());
  });

  it("keeps at most the cap of entries per company and family, and every total stays right", async () => {
    const words = ["cap alpha", "cap beta", "cap gamma", "cap delta", "cap epsilon"];
    for (const [i, w] of words.entries()) {
      for (let n = 0; n <= i; n++) await create(demo, "/purchases-orders", { contactName: `${w} ${n}` });
    }
    const totals = async () => Promise.all(words.map(async (w) => (await page(demo, "/purchases-orders", { searchString: w, pageSize: "1" })).total));
    expect(await totals()).toEqual([1, 2, 3, 4, 5]);
    await create(demo, "/purchases-orders", { contactName: "cap alpha again" });
    await create(demo, "/purchases-orders", { contactName: "cap epsilon again" });
    expect(await totals()).toEqual([2, 2, 3, 4, 6]);
    if (ctx.svc.databaseUrl) {
      const pg = new PgClient({ connectionString: ctx.svc.databaseUrl });
      await pg.connect();
      try {
        const { rows } = await pg.query("select count(*)::int as n from list_counts where family = 'purchases-orders' group by company_id");
        expect(rows).toEqual([{ n: KEPT }]);
      } finally {
        await pg.end();
      }
    }
  });

  it("keeps every total exact under writes and searches at once, from two service processes on PostgreSQL", async () => {
    // On PostgreSQL a second process on the same database; on the embedded store one process.
    let second: TestService | undefined;
    if (ctx.svc.databaseUrl) second = await startTestService({ store: "pglite", args: ["--database-url", ctx.svc.databaseUrl] });
    try {
      const demo2 = second ? await clientFor(second.root) : demo;
      const clients = [demo, demo2];
      const searches = ["race", "race co", "co 1"];
      const matches = (name: string, s: string): boolean => name.toLowerCase().includes(s);
      const names = new Map<number, string>();
      const start = await inBatches(Array.from({ length: 12 }, (_, i) => () => create(clients[i % 2], "/cash-invoices", { contactName: `Race Co ${i}` })), 6);
      start.forEach((d, i) => names.set(d.recordId, `Race Co ${i}`));
      const jobs: Array<() => Promise<unknown>> = [];
      for (let i = 0; i < 24; i++) {
        const c = clients[i % 2];
        if (i % 4 === 0) {
          jobs.push(async () => {
            const d = await create(c, "/cash-invoices", { contactName: `Race Co ${100 + i}` });
            names.set(d.recordId, `Race Co ${100 + i}`);
          });
        } else if (i % 4 === 1) {
          const target = start[i >> 2];
          const name = i % 8 === 1 ? `Elsewhere ${i}` : `Race Co 1${i}`;
          jobs.push(async () => {
            expect((await c.put(`/cash-invoices/${target.recordId}`, simpleBody({ documentStructureType: "UpdateSimpleDocument", contactName: name }))).body).toMatchObject({ status: true });
            names.set(target.recordId, name);
          });
        } else if (i % 4 === 2 && i < 12) {
          const target = start[11 - (i >> 2)];
          jobs.push(async () => {
            expect((await c.del(`/cash-invoices/${target.recordId}`)).body).toMatchObject({ status: true });
            names.delete(target.recordId);
          });
        } else {
          // Searches between the writes: their counts race the writes and must not be kept stale.
          for (const s of searches) jobs.push(() => page(c, "/cash-invoices", { searchString: s, pageSize: "2" }));
        }
      }
      await Promise.all(jobs.map((job) => job()));
      for (const c of clients) {
        for (const s of searches) {
          const want = [...names.values()].filter((n) => matches(n, s)).length;
          expect({ s, total: (await page(c, "/cash-invoices", { searchString: s, pageSize: "2" })).total }).toEqual({ s, total: want });
        }
      }
    } finally {
      await second?.stop();
    }
  });
});
