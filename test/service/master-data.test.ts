// Master data over real HTTP on PostgreSQL: demo data, contacts and products CRUD, company
// information, bank accounts and payment channels, expense categories, chart of accounts, and
// company isolation of all of it.
import { oneStore } from "../helpers/service";
import { sharedServiceFor, expectValidation, type Client } from "./support";

jest.setTimeout(120_000);

describe.each(oneStore("postgres"))("master data (%s)", (store) => {
  // A copy of the run's template store, which the service's own first start on an empty store
  // migrated and seeded (helpers/store-templates.ts): the demo data below is what that start seeds,
  // without a second first start per store (about 9 s of CPU each).
  const ctx = sharedServiceFor(store);
  let demo: Client;
  let other: Client;
  beforeAll(async () => {
    ({ demo, other } = ctx);
  });

  it("a first start on an empty store seeds both demo companies with their master data", async () => {
    expect((await demo.get("/company/info")).body.data).toMatchObject({ compnayName: "Demo Co., Ltd.", companyTaxId: expect.any(String) });
    expect((await other.get("/company/info")).body.data).toMatchObject({ compnayName: "Other Co., Ltd." });
    for (const api of [demo, other]) {
      const contacts = await api.get("/contacts");
      expect(contacts.body.data.total).toBeGreaterThanOrEqual(2);
      expect((await api.get("/products")).body.data.total).toBeGreaterThanOrEqual(1);
      for (const path of ["/bank-accounts", "/bank-channel/cheque", "/bank-channel/credit-card", "/bank-channel/petty-cash",
        "/bank-channel/other-channels", "/expenses/categories/business", "/expenses/categories/accounting", "/chart-of-accounts/accounts"]) {
        const a = await api.get(path);
        expect(a.http).toBe(200);
        expect(a.body).toMatchObject({ status: true, message: "", code: 0 });
        expect(a.body.data.length).toBeGreaterThan(0);
      }
    }
  });

  it("lists payment channels with the id field payments name", async () => {
    expect((await demo.get("/bank-accounts")).body.data[0]).toMatchObject({ bankAccountId: expect.any(Number), bankAccountNumber: expect.any(String), bankName: expect.any(String) });
    expect((await demo.get("/bank-channel/cheque")).body.data[0]).toMatchObject({ bankChequeId: expect.any(Number) });
    expect((await demo.get("/bank-channel/credit-card")).body.data[0]).toMatchObject({ creditCardId: expect.any(Number) });
    expect((await demo.get("/bank-channel/petty-cash")).body.data[0]).toMatchObject({ pettyCashId: expect.any(Number) });
    expect((await demo.get("/bank-channel/other-channels")).body.data[0]).toMatchObject({ otherChannelId: expect.any(Number) });
    const demoIds = (await demo.get("/bank-accounts")).body.data.map((b: { id: number }) => b.id);
    const otherIds = (await other.get("/bank-accounts")).body.data.map((b: { id: number }) => b.id);
    expect(demoIds.filter((id: number) => otherIds.includes(id))).toEqual([]);
  });

  it("creates bank accounts at /bank-accounts and /bank-channel/bank-accounts, for its company only", async () => {
    const body = { bankAccountNumber: "987-6-54321-0", bankAccountName: "Demo savings", bankAccountType: 1, bankBranch: "Asok", bankId: 2 };
    const a = await demo.post("/bank-accounts", body);
    expect(a.body.data).toMatchObject({ ...body, bankAccountId: expect.any(Number), bankName: "Kasikorn Bank" });
    const b = await demo.post("/bank-channel/bank-accounts", { ...body, bankAccountNumber: "111" });
    expect(b.body.data.bankAccountId).toBeGreaterThan(a.body.data.bankAccountId);
    const numbers = (await demo.get("/bank-accounts")).body.data.map((x: { bankAccountNumber: string }) => x.bankAccountNumber);
    expect(numbers).toEqual(expect.arrayContaining(["987-6-54321-0", "111"]));
    expect((await other.get("/bank-accounts")).body.data.map((x: { bankAccountNumber: string }) => x.bankAccountNumber)).not.toContain("111");
    expectValidation(await demo.post("/bank-accounts", { bankAccountName: "x", bankAccountType: 2, bankBranch: "", bankId: 1 }), "bankAccountNumber is required");
  });

  it("gives expense categories with the fields expense lines need, by view", async () => {
    const business = (await demo.get("/expenses/categories/business")).body.data;
    const accounting = (await demo.get("/expenses/categories/accounting")).body.data;
    // BusinessCategory: systemCode a number, debitId / creditId the ids of the accounts the codes name.
    const chartIds = Object.fromEntries(((await demo.get("/chart-of-accounts/accounts")).body.data as Array<{ code: string; id: number }>).map((a) => [a.code, a.id]));
    expect(business[0]).toMatchObject({
      systemCode: 1001, categoryId: expect.any(Number), debitId: chartIds["53029"], debitCode: "53029", creditId: chartIds["21399"], creditCode: "21399",
      debitNameForeign: "Travel expenses", creditCategory: 2, expenseCategoryView: 3,
    });
    expect(accounting[0]).toMatchObject({ expenseCategoryView: 1, debitCode: expect.any(String) });
    const chart = (await demo.get("/chart-of-accounts/accounts")).body.data;
    expect(chart.map((a: { code: string }) => a.code)).toEqual(expect.arrayContaining(["41111", "53029", "21399"]));
  });

  it("creates, reads, lists, updates and deletes contacts, answering the contact in data.list[0]", async () => {
    const created = await demo.post("/contacts", { contactGroup: 3, contactType: 3, contactCode: "T-100", contactName: "Test Customer", contactEmail: "t@example.com" });
    expect(created.http).toBe(200);
    const contact = created.body.data.list[0];
    expect(contact).toMatchObject({ id: expect.any(Number), contactCode: "T-100", contactName: "Test Customer", contactEmail: "t@example.com" });
    expect((await demo.get(`/contacts/${contact.id}`)).body.data.list[0]).toMatchObject({ contactName: "Test Customer" });
    const listed = await demo.get("/contacts?pageSize=200");
    expect(listed.body.data).toMatchObject({ total: expect.any(Number), currentPage: 1 });
    expect(listed.body.data.list.map((c: { id: number }) => c.id)).toContain(contact.id);
    const page = await demo.get("/contacts?pageSize=1&currentPage=2");
    expect(page.body.data.list).toHaveLength(1);
    expect(page.body.data.currentPage).toBe(2);
    expect((await demo.get("/contacts?searchString=test%20cust")).body.data.list.map((c: { id: number }) => c.id)).toEqual([contact.id]);
    // The total is the same whatever page is asked: a full one, the last (not full, which tells it
    // without a count) and one past the end.
    for (const name of ["Paging Buyer A", "Paging Buyer B", "Paging Buyer C"]) await demo.post("/contacts", { contactGroup: 3, contactType: 3, contactName: name });
    const paged = await Promise.all([1, 2, 3].map((p) => demo.get(`/contacts?searchString=paging%20buyer&pageSize=2&currentPage=${p}`)));
    expect(paged.map((a) => [a.body.data.total, a.body.data.list.length])).toEqual([[3, 2], [3, 1], [3, 0]]);
    expect((await demo.get("/contacts?searchString=paging%20buyer&pageSize=3")).body.data.total).toBe(3);

    const updated = await demo.put(`/contacts/${contact.id}`, { contactGroup: 3, contactType: 7, contactName: "Test Customer Renamed", contactEmail: "" });
    expect(updated.body.data.list[0]).toMatchObject({ contactName: "Test Customer Renamed", contactCode: "T-100", contactType: 7, contactEmail: "" });

    expectValidation(await demo.post("/contacts", { contactGroup: 3, contactType: 3, contactCode: "T-100", contactName: "Dup" }), "ERROR.CONTACT_CODE_DUPLICATE");
    expectValidation(await demo.post("/contacts", { contactGroup: 3, contactType: 3 }), "contactName is required");
    expectValidation(await demo.post("/contacts", { contactGroup: 2, contactType: 3, contactName: "x" }), "contactGroup must be one of 1, 3, 9");
    expectValidation(await demo.get("/contacts?pageSize=201"), "pageSize must not exceed 200");

    // Another company sees none of it.
    expect((await other.get(`/contacts/${contact.id}`)).http).toBe(404);
    expect((await other.put(`/contacts/${contact.id}`, { contactGroup: 3, contactType: 3, contactName: "hijack" })).http).toBe(404);
    expect((await other.del(`/contacts/${contact.id}`)).http).toBe(404);
    expect((await other.get("/contacts?searchString=Renamed")).body.data.total).toBe(0);

    const deleted = await demo.del(`/contacts/${contact.id}`);
    expect(deleted.body).toEqual({ status: true, message: "", code: 0, data: { deleteStatus: "Deleted" } });
    const gone = await demo.get(`/contacts/${contact.id}`);
    expect(gone.http).toBe(404);
    expect(gone.body).toMatchObject({ status: false, message: "Contact not found" });
    // Deleted once: a second delete (one statement, nothing left to mark) is not found, as a read is.
    const twice = await demo.del(`/contacts/${contact.id}`);
    expect([twice.http, twice.body.message]).toEqual([404, "Contact not found"]);
    // The code is free again once the contact is deleted.
    expect((await demo.post("/contacts", { contactGroup: 1, contactType: 3, contactCode: "T-100", contactName: "Again" })).http).toBe(200);
  });

  it("creates, reads, lists, updates and deletes products", async () => {
    const created = await demo.post("/products", { type: 3, code: "SKU-1", name: "Widget", unitName: "pc", sellPrice: 120.5, sellVatType: 3 });
    const product = created.body.data.list[0];
    // The description types a product's id as text; a VAT-exclusive price answers its price with 7 % VAT.
    expect(product).toMatchObject({ id: expect.any(String), code: "SKU-1", name: "Widget", sellPrice: 120.5, sellPriceWithVat: 128.94, barcode: "" });
    expect((await demo.get(`/products/${product.id}`)).body.data.list[0].name).toBe("Widget");
    expect((await demo.get("/products?searchString=widg")).body.data.list.map((p: { id: number }) => p.id)).toEqual([product.id]);
    const updated = await demo.put(`/products/${product.id}`, { type: 3, name: "Widget XL", sellPrice: 150 });
    expect(updated.body.data.list[0]).toMatchObject({ code: "SKU-1", name: "Widget XL", sellPrice: 150 });
    expectValidation(await demo.post("/products", { type: 3, code: "SKU-1", name: "Other" }), "ERROR.PRODUCT_CODE_DUPLICATE");
    expectValidation(await demo.post("/products", { type: 4, name: "Bad type" }), "type must be one of 1, 3, 5");
    expect((await other.get(`/products/${product.id}`)).http).toBe(404);
    expect((await demo.del(`/products/${product.id}`)).body.data).toEqual({ deleteStatus: "Deleted" });
    const gone = await demo.get(`/products/${product.id}`);
    expect(gone.http).toBe(404);
    expect(gone.body.message).toBe("Product not found");
    const twice = await demo.del(`/products/${product.id}`);
    expect([twice.http, twice.body.message]).toEqual([404, "Product not found"]);
  });

  it("creates of one code at once: one is made, the others answered with the duplicate error (products and contacts)", async () => {
    // Side by side on PostgreSQL, each create's look for the code could miss the others' rows.
    const products = await Promise.all(Array.from({ length: 6 }, (_, i) => demo.post("/products", { type: 3, code: "RACE-1", name: `Race ${i}` })));
    expect(products.filter((a) => a.http === 200)).toHaveLength(1);
    for (const a of products.filter((x) => x.http !== 200)) expectValidation(a, "ERROR.PRODUCT_CODE_DUPLICATE");
    expect((await demo.get("/products?searchString=RACE-1")).body.data.total).toBe(1);
    const contacts = await Promise.all(Array.from({ length: 6 }, (_, i) => demo.post("/contacts", { contactGroup: 3, contactType: 3, contactCode: "RACE-C", contactName: `Race ${i}` })));
    expect(contacts.filter((a) => a.http === 200)).toHaveLength(1);
    for (const a of contacts.filter((x) => x.http !== 200)) expectValidation(a, "ERROR.CONTACT_CODE_DUPLICATE");
    // Another company's code is its own; an update onto a taken code is refused the same way.
    expect((await other.post("/products", { type: 3, code: "RACE-1", name: "Theirs" })).http).toBe(200);
    const second = await demo.post("/products", { type: 3, code: "RACE-2", name: "Second" });
    expectValidation(await demo.put(`/products/${second.body.data.list[0].id}`, { type: 3, code: "RACE-1", name: "Second" }), "ERROR.PRODUCT_CODE_DUPLICATE");
  });

  it("reads and updates company information of the caller's company only", async () => {
    const before = (await demo.get("/company/info")).body.data;
    const put = await demo.put("/company/info", { ...before, compnayName: "Demo Renamed Co., Ltd.", companyPhone: "02-111-1111" });
    expect(put.body.data).toMatchObject({ compnayName: "Demo Renamed Co., Ltd.", companyPhone: "02-111-1111", companyTaxId: before.companyTaxId });
    expect((await demo.get("/company/info")).body.data.compnayName).toBe("Demo Renamed Co., Ltd.");
    expect((await other.get("/company/info")).body.data.compnayName).toBe("Other Co., Ltd.");
    expectValidation(await demo.put("/company/info", { companyPhone: "1" }), "compnayName is required");
    await demo.put("/company/info", before);
  });
});
