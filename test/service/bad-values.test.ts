// Bad values are 400s on both stores, never a database error's 500: a list filter whose JSON holds
// a NUL (22021 once it reached the SQL), a date of year 0000 (22008); and a date the service accepts
// is stored and answered as sent, its due date too (0001-01-01 plus 30 days was 1901-01-31).
import { storesUnderTest } from "../helpers/service";
import { expectValidation, serviceForFile, simpleBody } from "./support";

jest.setTimeout(120_000);

const FILTERS: Record<string, string> = { "/contacts": "namelocal", "/products": "name", "/tax-invoices": "Contact.NameLocal" };

describe.each(storesUnderTest)("bad values (%s)", (store) => {
  const ctx = serviceForFile(store);

  it("refuses a filter or search holding NUL or another control character with the envelope naming the filter", async () => {
    for (const [path, column] of Object.entries(FILTERS)) {
      const filter = `[{"columnName":"${column}","columnValue":"a\\u0000b"}]`;
      const a = await ctx.demo.get(`${path}?filter=${encodeURIComponent(filter)}`);
      expectValidation(a, `filter columnValue of ${column} must not contain control characters such as NUL (U+0000) or broken characters (unpaired surrogates)`);
      expect(a.body.data.findings[0].path).toBe("filter");
      expect((await ctx.demo.get(`${path}?searchString=a%00b`)).http).toBe(400);
      // Any other control character too (but tab and line breaks): no text a person searches for.
      expect((await ctx.demo.get(`${path}?searchString=a%01b`)).http).toBe(400);
      expect((await ctx.demo.get(`${path}?filter=${encodeURIComponent(filter.replace("\\u0000", "\\u001b"))}`)).http).toBe(400);
      expect((await ctx.demo.get(`${path}?searchString=a%09b`)).http).toBe(200);
    }
  });

  it("refuses year 0000 and impossible dates; stores 0001, 0099 and 9999 dates as sent", async () => {
    for (const publishedOn of ["0000-01-01", "2026-02-29", "0000-12-31T00:00:00Z"]) {
      const a = await ctx.demo.post("/quotations", simpleBody({ publishedOn }));
      expectValidation(a, "publishedOn must be a real date written YYYY-MM-DD");
    }
    const range = await ctx.demo.get("/quotations?range=5&startDate=0000-01-01&endDate=0001-01-01");
    expect(range.http).toBe(400);
    const cases = [["0001-01-01", "0001-01-31"], ["0099-12-31", "0100-01-30"], ["0400-02-01", "0400-03-02"], ["9999-11-30", "9999-12-30"]];
    for (const [publishedOn, dueDate] of cases) {
      const made = await ctx.demo.post("/quotations", simpleBody({ publishedOn, creditDays: 30 }));
      expect(made.http).toBe(200);
      expect(made.body.data).toMatchObject({ publishedOn, dueDate });
      const again = await ctx.demo.get(`/quotations/${made.body.data.documentId}`);
      expect(again.body.data.list[0]).toMatchObject({ publishedOn, dueDate });
      const listed = await ctx.demo.get(`/quotations?range=5&startDate=${publishedOn}&endDate=${publishedOn}`);
      expect(listed.body.data.list.map((d: { documentId: number }) => d.documentId)).toContain(made.body.data.documentId);
    }
  });
});
