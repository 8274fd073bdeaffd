// Withholding-tax certificates over real HTTP on the embedded store: create (issued: processed, serial WT,
// withheld amounts and totals worked out), read, list with paging and search, status words, edit
// and delete only while awaiting, the contact rules, checks with clear messages, company isolation.
import { oneStore } from "../helpers/service";
import { serviceForFile, expectValidation, type Client } from "./support";

jest.setTimeout(120_000);

const certificate = (extra: Record<string, unknown> = {}) => ({
  contactName: "Freelance Designer", contactTaxId: "1100100000001", publishedOn: "2026-11-15", entity: 1, taxPayment: 1,
  withholdingTaxItems: [
    { incomeType: 3, description: "ค่าออกแบบ", taxRate: 3, taxAmount: 10000 },
    { incomeType: 5, description: "Royalty", taxRate: -1, taxAmount: 2500.5, withheld: 100 },
  ],
  ...extra,
});

describe.each(oneStore("pglite"))("withholding-tax certificates (%s)", (store) => {
  const ctx = serviceForFile(store);
  let demo: Client;
  let other: Client;
  beforeAll(() => ({ demo, other } = ctx));

  const create = async (extra: Record<string, unknown> = {}) => {
    const a = await demo.post("/withholding-taxes", certificate(extra));
    if (a.http !== 200) throw new Error(JSON.stringify(a.body));
    return a.body.data;
  };

  it("creates an issued certificate: processed, serial, lines and totals worked out, the contact filled", async () => {
    const wht = await create();
    expect(wht).toMatchObject({
      recordId: expect.any(Number), documentType: 17, statusString: "processed", status: 5, allowDelete: false,
      publishedOn: "2026-11-15", entity: 1, contactName: "Freelance Designer", contactTaxId: "1100100000001",
      contactId: expect.any(Number), total: 12500.5, totalTaxWithheld: 400,
    });
    expect(wht.documentSerial).toMatch(/^WT202611\d{4}$/);
    expect(wht.withholdingTaxItems).toEqual([
      // vatType 3 (VAT-exclusive) when not given: the amount before VAT is the amount itself.
      { incomeType: 3, description: "ค่าออกแบบ", taxRate: 3, taxAmount: 10000, withheld: 300, total: 9700, vatType: 3, taxAmountNoVat: 10000 },
      { incomeType: 5, description: "Royalty", taxRate: -1, taxAmount: 2500.5, withheld: 100, total: 2400.5, vatType: 3, taxAmountNoVat: 2500.5 },
    ]);
    expect(wht.company).toMatchObject({ companyName: "Demo Co., Ltd.", companyTaxId: "0105559000000" });
    const read = await demo.get(`/withholding-taxes/${wht.recordId}`);
    expect(read.body.data.list[0]).toEqual(wht);
    // The contact of the certificate is a real contact now (contact rule 5)
    expect((await demo.get(`/contacts/${wht.contactId}`)).body.data.list[0].contactName).toBe("Freelance Designer");
  });

  it("status: awaiting, processed, void; edit and delete only while awaiting", async () => {
    const wht = await create();
    const id = wht.recordId;
    expectValidation(await demo.put(`/withholding-taxes/${id}`, certificate()), "Only an awaiting document can be edited");
    expectValidation(await demo.del(`/withholding-taxes/${id}`), "Only an awaiting document can be deleted");
    expectValidation(await demo.post(`/withholding-taxes/${id}/status/paid`), "statusId paid is not allowed for withholding-taxes; allowed: awaiting, processed, void");
    const back = await demo.post(`/withholding-taxes/${id}/status/awaiting`);
    expect(back.body.data).toMatchObject({ statusString: "awaiting", status: 1, allowDelete: true });
    const edited = await demo.put(`/withholding-taxes/${id}`, certificate({ remarks: "corrected", withholdingTaxItems: [{ incomeType: 1, taxRate: 5, taxAmount: 999.99 }] }));
    expect(edited.http).toBe(200);
    expect(edited.body.data).toMatchObject({ remarks: "corrected", total: 999.99, totalTaxWithheld: 50, documentSerial: wht.documentSerial });
    expect((await demo.post(`/withholding-taxes/${id}/status/VOID`)).body.data.statusString).toBe("void");
    expect((await demo.post(`/withholding-taxes/${id}/status/awaiting`)).http).toBe(200);
    expect((await demo.del(`/withholding-taxes/${id}`)).body.data).toEqual({ deleteStatus: "Deleted" });
    expect((await demo.get(`/withholding-taxes/${id}`)).http).toBe(404);
  });

  it("lists newest first with paging and search; another company sees none of them", async () => {
    const a = await create({ publishedOn: "2026-10-01", contactName: "Searchable Printer" });
    const b = await create({ publishedOn: "2026-12-01" });
    const page = (await demo.get("/withholding-taxes?currentPage=1&pageSize=200")).body.data;
    const ids = page.list.map((x: any) => x.recordId);
    expect(ids.indexOf(b.recordId)).toBeLessThan(ids.indexOf(a.recordId));
    expect(page.total).toBe(page.list.length);
    const found = (await demo.get("/withholding-taxes?searchString=searchable")).body.data;
    expect(found.list.map((x: any) => x.recordId)).toEqual([a.recordId]);
    expect((await demo.get("/withholding-taxes?pageSize=1")).body.data.list).toHaveLength(1);
    expectValidation(await demo.get("/withholding-taxes?pageSize=201"), "pageSize must not exceed 200");
    expect((await other.get("/withholding-taxes")).body.data.total).toBe(0);
    expect((await other.get(`/withholding-taxes/${a.recordId}`)).http).toBe(404);
    expect((await other.post(`/withholding-taxes/${a.recordId}/status/void`)).http).toBe(404);
  });

  it("refuses what a certificate cannot be, with clear messages", async () => {
    const refuse = async (body: unknown, message: string) => expectValidation(await demo.post("/withholding-taxes", body), message);
    await refuse(certificate({ entity: 2 }), "entity must be one of 1, 3, 5, 7, 9, 11, 13, 15 (the PND form)");
    await refuse(certificate({ withholdingTaxItems: [{ incomeType: 3, taxRate: 4, taxAmount: 100 }] }), "taxRate must be one of -1, 0.5, 0.75, 1, 2, 3, 5, 10, 15");
    await refuse(certificate({ withholdingTaxItems: [{ incomeType: 2, taxRate: 3, taxAmount: 100 }] }), "incomeType must be an odd number from 1 to 29 (section 40 income type)");
    await refuse(certificate({ withholdingTaxItems: [{ incomeType: 3, taxRate: -1, taxAmount: 100 }] }), "withheld is required when taxRate is -1 (tax by amount)");
    await refuse(certificate({ withholdingTaxItems: [{ incomeType: 3, taxRate: 3, taxAmount: 100, withheld: 101 }] }), "withheld must be between 0 and taxAmount");
    await refuse(certificate({ totalTaxWithheld: 1 }), "totalTaxWithheld must equal the sum of the lines' withheld (400.00)");
    await refuse(certificate({ total: 5 }), "total must equal the sum of the lines' taxAmount (12500.50)");
    await refuse(certificate({ contactId: 999999, contactName: undefined }), "ContactId not found");
    const noLines = await demo.post("/withholding-taxes", certificate({ withholdingTaxItems: [] }));
    expect(noLines.http).toBe(400);
    const noDate = await demo.post("/withholding-taxes", certificate({ publishedOn: "2026-02-30" }));
    expect(noDate.http).toBe(400);
    expect((await demo.get("/withholding-taxes")).body.data.list.every((x: any) => x.entity !== 2)).toBe(true);
  });
});
