// Document lists over real HTTP on PostgreSQL: paging, pageSize limits, searchString, every range,
// the purchase-order list paths, and company isolation.
import { MESSAGES } from "../../src/rules/messages";
import { oneStore } from "../helpers/service";
import { sharedServiceFor, simpleBody, expectValidation, type Client } from "./support";

jest.setTimeout(120_000);

const pad = (n: number) => String(n).padStart(2, "0");
const iso = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const now = new Date();
const thisMonth = iso(new Date(now.getFullYear(), now.getMonth(), 3));
const lastMonth = iso(new Date(now.getFullYear(), now.getMonth() - 1, 3));
const lastYear = iso(new Date(now.getFullYear() - 1, 5, 15));

describe.each(oneStore("postgres"))("document lists (%s)", (store) => {
  const ctx = sharedServiceFor(store);
  let demo: Client;
  let other: Client;
  const serials: string[] = [];
  beforeAll(async () => {
    ({ demo, other } = ctx);
    // 25 quotations: 21 this month, 2 last month, 1 last year, 1 on 2024-02-29; names and projects vary.
    const dates = [...Array(21).fill(thisMonth), lastMonth, lastMonth, lastYear, "2024-02-29"];
    for (const [i, publishedOn] of dates.entries()) {
      const a = await demo.post("/quotations", simpleBody({
        publishedOn, contactName: i % 2 === 0 ? "Even Buyer" : "Odd Buyer", projectName: i === 7 ? "Tower 100% Renovation" : `Project ${i}`,
      }));
      serials.push(a.body.data.documentSerial);
    }
    await other.post("/quotations", simpleBody({ publishedOn: thisMonth, contactName: "Even Buyer" }));
    await demo.post("/purchases-orders", simpleBody({ publishedOn: thisMonth }));
  });

  it("answers {total, currentPage, list}, 20 per page by default, newest first", async () => {
    const a = await demo.get("/quotations");
    expect(a.body).toMatchObject({ status: true, message: "", code: 0 });
    expect(a.body.data.total).toBe(25);
    expect(a.body.data.currentPage).toBe(1);
    expect(a.body.data.list).toHaveLength(20);
    const dates = a.body.data.list.map((d: { publishedOn: string }) => d.publishedOn);
    expect([...dates].sort().reverse()).toEqual(dates);
    const page2 = await demo.get("/quotations?currentPage=2");
    expect(page2.body.data.list).toHaveLength(5);
    const all = [...a.body.data.list, ...page2.body.data.list].map((d: { documentSerial: string }) => d.documentSerial);
    expect(new Set(all).size).toBe(25);
    expect(all.sort()).toEqual([...serials].sort());
    expect((await demo.get("/quotations?currentPage=3")).body.data.list).toEqual([]);
    expect((await demo.get("/quotations?pageSize=200")).body.data.list).toHaveLength(25);
    expect((await demo.get("/quotations?pageSize=7&currentPage=4")).body.data.list).toHaveLength(4);
  });

  it("refuses a pageSize above 200 with HTTP 400 and the spec's message, and other bad values", async () => {
    const a = await demo.get("/quotations?pageSize=201");
    expect(a.http).toBe(400);
    expect(a.body).toMatchObject({ status: false, code: 207400, message: MESSAGES.pageSizeMax });
    expect((await demo.get("/purchase-orders?pageSize=500")).body.message).toBe(MESSAGES.pageSizeMax);
    expectValidation(await demo.get("/quotations?pageSize=0"), MESSAGES.pageSizeMin);
    expectValidation(await demo.get("/quotations?currentPage=0"), MESSAGES.currentPageMin);
    expectValidation(await demo.get("/quotations?range=2"), MESSAGES.rangeValue);
    expectValidation(await demo.get("/quotations?range=5&startDate=2026-01-01"), MESSAGES.dateRangeNeedsDates);
    expectValidation(await demo.get("/quotations?range=5&startDate=2026-02-01&endDate=2026-01-01"), MESSAGES.dateRangeOrder);
    expectValidation(await demo.get("/quotations?range=1&month=13"), "month must be a whole number from 1 to 12");
    expectValidation(await demo.get("/quotations?range=7&year=26"), "year must be a four-digit year");
  });

  it("searches contact name, project name and serial", async () => {
    expect((await demo.get("/quotations?searchString=odd%20buyer&pageSize=200")).body.data.total).toBe(12);
    expect((await demo.get("/quotations?searchString=EVEN&pageSize=200")).body.data.total).toBe(13);
    const project = await demo.get(`/quotations?searchString=${encodeURIComponent("100%")}`);
    expect(project.body.data.list.map((d: { projectName: string }) => d.projectName)).toEqual(["Tower 100% Renovation"]);
    const bySerial = await demo.get(`/quotations?searchString=${serials[3]}`);
    expect(bySerial.body.data.list.map((d: { documentSerial: string }) => d.documentSerial)).toEqual([serials[3]]);
    expect((await demo.get("/quotations?searchString=nothing-like-this")).body.data).toEqual({ total: 0, currentPage: 1, list: [] });
  });

  it("filters by every range", async () => {
    const total = async (query: string) => (await demo.get(`/quotations?pageSize=200&${query}`)).body.data.total;
    expect(await total("range=0")).toBe(25);
    expect(await total("range=1")).toBe(21);
    expect(await total("range=3")).toBe(2);
    expect(await total("range=7")).toBe(now.getMonth() === 0 ? 21 : 23);
    expect(await total("range=15")).toBe(now.getMonth() === 0 ? 21 : 23);
    expect(await total("range=9")).toBe(now.getMonth() === 0 ? 3 : 1);
    expect(await total(`range=5&startDate=${lastMonth}&endDate=${lastMonth}`)).toBe(2);
    expect(await total("range=5&startDate=2024-02-01&endDate=2024-02-29")).toBe(1);
    expect(await total("range=1&month=2&year=2024")).toBe(1);
    expect(await total("range=1&month=2&year=2567")).toBe(1); // Buddhist era
    expect(await total("range=3&month=3&year=2024")).toBe(1);
    expect(await total("range=7&year=2024")).toBe(1);
    expect(await total("range=9&year=2025")).toBe(1);
  });

  it("lists purchase orders at /purchase-orders and /purchases-orders", async () => {
    const a = await demo.get("/purchase-orders");
    const b = await demo.get("/purchases-orders");
    expect(a.body.data.total).toBe(1);
    expect(b.body.data).toEqual(a.body.data);
    expect(a.body.data.list[0].documentSerial).toMatch(/^PO/);
  });

  it("shows a company its own documents only", async () => {
    expect((await other.get("/quotations")).body.data.total).toBe(1);
    expect((await other.get("/purchase-orders")).body.data.total).toBe(0);
    expect((await other.get(`/quotations?searchString=${serials[0]}`)).body.data.list.every((d: { documentSerial: string; contactName: string }) => d.contactName === "Even Buyer")).toBe(true);
  });
});
