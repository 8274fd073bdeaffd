// Journal entries over real HTTP on PostgreSQL: draft and approve (debits must equal credits), rows
// against the company's chart of accounts (by id or code), list and read, company isolation.
import { oneStore } from "../helpers/service";
import { sharedServiceFor, expectValidation, type Client } from "./support";

jest.setTimeout(120_000);

// One service per store for the two parts (a start is most of this file's time).
describe.each(oneStore("postgres"))("journal entries and product masters (%s)", (store) => {
  const ctx = sharedServiceFor(store);

  describe("journal entries", () => {
    let demo: Client;
    let other: Client;
    let account: Record<string, number>;
    let otherCash: number;
    beforeAll(async () => {
      ({ demo, other } = ctx);
      const chart = (await demo.get("/chart-of-accounts/accounts")).body.data as Array<{ id: number; code: string }>;
      account = Object.fromEntries(chart.map((a) => [a.code, a.id]));
      otherCash = ((await other.get("/chart-of-accounts/accounts")).body.data as Array<{ id: number; code: string }>).find((a) => a.code === "11111")!.id;
    });

    const entry = (rows: Array<[debitCredit: number, account: number | string, value: number | string]>, extra: Record<string, unknown> = {}) => ({
      documentType: 51, documentDate: "2026-11-20", description: "Office supplies paid in cash", reference: "RCPT-77",
      bookOfAccounts: rows.map(([debitCredit, chartOfAccountId, value]) => ({ debitCredit, chartOfAccountId, value, description: "" })),
      ...extra,
    });

    it("approves a balanced entry: serial, status, rows with their accounts, totals; read and listed", async () => {
      const a = await demo.post("/journal-entries/approve", entry([[1, account["53030"], "1,070.50".replace(",", "")], [3, account["11111"], 1070.5]]));
      expect(a.http).toBe(200);
      const je = a.body.data;
      expect(je).toMatchObject({
        recordId: expect.any(Number), documentType: 51, documentDate: "2026-11-20", statusString: "approved", status: 5,
        totalDebit: 1070.5, totalCredit: 1070.5, reference: "RCPT-77",
      });
      expect(je.documentSerial).toMatch(/^JV202611\d{4}$/);
      expect(je.bookOfAccounts).toEqual([
        { debitCredit: 1, chartOfAccountId: account["53030"], value: 1070.5, description: "", accountCode: "53030", accountName: "ค่าเครื่องเขียนแบบพิมพ์", accountNameEn: "Office supplies" },
        { debitCredit: 3, chartOfAccountId: account["11111"], value: 1070.5, description: "", accountCode: "11111", accountName: "เงินสด", accountNameEn: "Cash" },
      ]);
      expect((await demo.get(`/journal-entries/${je.recordId}`)).body.data.list[0]).toEqual(je);
      const list = (await demo.get("/journal-entries?pageSize=200")).body.data;
      expect(list.list.map((x: any) => x.recordId)).toContain(je.recordId);
      expect(list.total).toBe(list.list.length);
      // A date range, as the document lists take one: its dates' entries only.
      const ofDay = (await demo.get("/journal-entries?pageSize=200&range=5&startDate=2026-11-20&endDate=2026-11-20")).body.data;
      expect(ofDay.list.map((x: any) => x.recordId)).toContain(je.recordId);
      expect(new Set(ofDay.list.map((x: any) => x.documentDate))).toEqual(new Set(["2026-11-20"]));
      const later = (await demo.get("/journal-entries?pageSize=200&range=5&startDate=2026-11-21&endDate=2026-12-31")).body.data;
      expect(later.list.map((x: any) => x.recordId)).not.toContain(je.recordId);
      expectValidation(await demo.get("/journal-entries?range=5&startDate=2026-12-31&endDate=2026-11-21"), "startDate must not be after endDate");
    });

    it("approve refuses unbalanced entries and one-sided entries; a draft may be unbalanced", async () => {
      expectValidation(await demo.post("/journal-entries/approve", entry([[1, account["53030"], 100], [3, account["11111"], 99.99]])), "Total debit (100.00) must equal total credit (99.99)");
      expectValidation(await demo.post("/journal-entries/approve", entry([[1, account["53030"], 100], [1, account["11111"], 100]])), "An approved journal entry needs at least one debit row and one credit row");
      const draft = await demo.post("/journal-entries/draft", entry([[1, account["53030"], 100], [3, "11111", 50]]));
      expect(draft.http).toBe(200);
      expect(draft.body.data).toMatchObject({ statusString: "draft", status: 0, totalDebit: 100, totalCredit: 50 });
      expect(draft.body.data.bookOfAccounts[1]).toMatchObject({ chartOfAccountId: account["11111"], accountCode: "11111" });
    });

    it("every account must be in the caller's chart; values above 0; the schema's messages", async () => {
      expectValidation(await demo.post("/journal-entries/draft", entry([[1, 999999, 10], [3, account["11111"], 10]])),
        "chartOfAccountId 999999 is not an account of the company's chart of accounts");
      expectValidation(await demo.post("/journal-entries/approve", entry([[1, otherCash, 10], [3, account["11111"], 10]])),
        `chartOfAccountId ${otherCash} is not an account of the company's chart of accounts`);
      expectValidation(await demo.post("/journal-entries/approve", entry([[1, account["53030"], -5], [3, account["11111"], -5]])), "value must be greater than 0");
      const badType = await demo.post("/journal-entries/draft", entry([[1, account["53030"], 1], [3, account["11111"], 1]], { documentType: 52 }));
      expect(badType.http).toBe(400);
      expect((await demo.post("/journal-entries/draft", entry([[1, account["53030"], 1]]))).http).toBe(400);
      expectValidation(await demo.post("/journal-entries/draft", entry([[1, account["53030"], 1], [3, account["11111"], 1]], { contactId: 999999 })), "ContactId not found");
    });

    it("another company sees none of them", async () => {
      const a = await demo.post("/journal-entries/draft", entry([[1, account["53030"], 5], [3, account["11111"], 5]]));
      expect((await other.get(`/journal-entries/${a.body.data.recordId}`)).http).toBe(404);
      expect((await other.get("/journal-entries")).body.data.list.map((x: any) => x.recordId)).not.toContain(a.body.data.recordId);
      expect((await demo.get("/journal-entries/999999")).http).toBe(404);
    });
  });

  describe("product masters", () => {
    const master = (extra: Record<string, unknown> = {}) => ({
      type: 3, code: "PM-001", name: "กระดาษ A4", categoryName: "Stationery",
      sellSettings: { vatType: 3, description: "A4 80 gsm", chartOfAccountId: "41111" },
      productLists: [
        { unitName: "ream", sellPrice: 135, buyPrice: 110, barcode: "8850000000011" },
        { unitName: "box", sellPrice: 650, buyPrice: 500, barcode: "8850000000028", isMainProduct: true },
      ],
      ...extra,
    });

    it("creates, reads and updates a product master; unit lists numbered, one main product", async () => {
      const { demo, other } = ctx;
      const made = await demo.post("/product-masters", master());
      expect(made.http).toBe(200);
      const pm = made.body.data.list[0];
      expect(pm).toMatchObject({ id: expect.any(Number), type: 3, code: "PM-001", name: "กระดาษ A4", sellSettings: { vatType: 3, description: "A4 80 gsm" } });
      expect(pm.sellSettings.chartOfAccountId).toEqual(expect.any(Number));
      expect(pm.productLists.map((l: any) => [l.id, l.unitName, l.isMainProduct])).toEqual([[1, "ream", false], [2, "box", true]]);
      expect((await demo.get(`/product-masters/${pm.id}`)).body.data.list[0]).toEqual(pm);
      const upd = await demo.put(`/product-masters/${pm.id}`, master({ name: "A4 paper", productLists: [{ unitName: "ream", sellPrice: 140 }] }));
      expect(upd.body.data.list[0]).toMatchObject({ id: pm.id, name: "A4 paper", productLists: [{ id: 1, unitName: "ream", sellPrice: 140, isMainProduct: true }] });
      expect((await other.get(`/product-masters/${pm.id}`)).http).toBe(404);
      expect((await other.put(`/product-masters/${pm.id}`, master())).http).toBe(404);
    });

    it("refuses a duplicate code, an unknown account, two main products and a missing name", async () => {
      const { demo } = ctx;
      expect((await demo.post("/product-masters", master({ code: "PM-DUP" }))).http).toBe(200);
      expectValidation(await demo.post("/product-masters", master({ code: "PM-DUP" })), "ERROR.PRODUCT_CODE_DUPLICATE");
      expectValidation(await demo.post("/product-masters", master({ code: "PM-X", sellSettings: { chartOfAccountId: "99999" } })),
        "sellSettings.chartOfAccountId 99999 is not an account of the company's chart of accounts");
      expectValidation(await demo.post("/product-masters", master({ code: "PM-Y", productLists: [{ unitName: "a", isMainProduct: true }, { unitName: "b", isMainProduct: true }] })),
        "productLists must have at most one main product (isMainProduct)");
      expect((await demo.post("/product-masters", master({ code: "PM-Z", name: " " }))).http).toBe(400);
    });
  });
});
