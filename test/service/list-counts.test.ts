// Kept list totals and marks (issue 15, migration 0009) over real HTTP on each store: a search's
// total is counted once and kept until the next write of the company's documents of that family.
// Every kind of write (create, edit, delete) makes the next answer count again, and deep pages read
// from kept marks are exactly the pages of the whole list, before and after a write that moves rows.
import { storesUnderTest } from "../helpers/service";
import { serviceForFile, simpleBody, type Client } from "./support";

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

describe.each(storesUnderTest)("kept list totals (%s)", (store) => {
  const ctx = serviceForFile(store, { env: { DOCSHEET_LIST_MARK_EVERY: String(MARK_EVERY) } });
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
      for (const n of [7, 6, 5, 4, 3, 2, 1]) {
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
  });
});
