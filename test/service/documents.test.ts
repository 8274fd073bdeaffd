// Documents of the eight families over real HTTP on each store: create (simple and inline),
// precision and totals, read, update, delete, status words, contact rules, the spec's messages,
// and company isolation.
import { FAMILIES, FAMILY_INFO, type Family } from "../../src/rules/codes";
import { MESSAGES } from "../../src/rules/messages";
import { storesUnderTest } from "../helpers/service";
import { serviceForFile, simpleBody, expectValidation, EXPENSE_LINE, type Client } from "./support";

jest.setTimeout(120_000);

const CREATABLE = FAMILIES.filter((f) => f !== "receipts");
const bodyFor = (family: Family, overrides: Record<string, unknown> = {}) =>
  simpleBody(overrides, family === "expenses" ? EXPENSE_LINE : {});

describe.each(storesUnderTest)("documents (%s)", (store) => {
  const ctx = serviceForFile(store);
  let demo: Client;
  let other: Client;
  beforeAll(async () => {
    ({ demo, other } = ctx);
  });

  const create = async (family: Family, overrides: Record<string, unknown> = {}, api = demo) => {
    const a = await api.post(`/${family}`, bodyFor(family, overrides));
    if (a.http !== 200) throw new Error(`create ${family} failed: ${JSON.stringify(a.body)}`);
    return a.body.data;
  };

  it.each(CREATABLE)("creates a simple %s: serial, type, state, totals and due date", async (family) => {
    const info = FAMILY_INFO[family];
    const doc = await create(family, { publishedOn: "2026-11-10", creditDays: 15 });
    expect(doc).toMatchObject({
      recordId: expect.any(Number), documentId: doc.recordId, documentType: info.documentType,
      documentStructureType: "SimpleDocument", statusString: "awaiting", status: 1, allowDelete: true,
      publishedOn: "2026-11-10", dueDate: "2026-11-25", subTotal: 1000, totalAfterDiscount: 1000, vatAmount: 70, grandTotal: 1070,
      referencedToMe: [], referencedByMe: [],
    });
    expect(doc.documentSerial).toMatch(new RegExp(`^${info.serialPrefix}202611\\d{4}$`));
    expect(doc.company.companyName).toBe("Demo Co., Ltd.");
  });

  it.each(CREATABLE)("creates an inline %s with per-line discount and VAT", async (family) => {
    const extra = family === "expenses" ? EXPENSE_LINE : {};
    const a = await demo.post(`/${family}/inline`, {
      contactName: "Inline Buyer", publishedOn: "2026-11-11", totalAfterDiscount: 1090, grandTotal: 1159.3,
      items: [
        { name: "A", quantity: 2, pricePerUnit: 500, discountAmount: 10, vatRate: 7, ...extra },
        { name: "B", quantity: 1, pricePerUnit: 100, vatRate: -1, ...extra },
      ],
    });
    expect(a.http).toBe(200);
    expect(a.body.data).toMatchObject({
      documentStructureType: "InlineDocument", subTotal: 1100, discountAmount: 10, totalAfterDiscount: 1090,
      exemptAmount: 100, vatableAmount: 990, vatAmount: 69.3, grandTotal: 1159.3, useInlineDiscount: true, useInlineVat: true,
    });
    expect(a.body.data.items.map((i: { total: number }) => i.total)).toEqual([990, 100]);
    expect(a.body.data.documentSerial.startsWith(FAMILY_INFO[family].serialPrefix)).toBe(true);
  });

  it("answers a create exactly as a later read answers the same document", async () => {
    for (const [path, body] of [
      ["/tax-invoices", bodyFor("tax-invoices", { remarks: "quote \" and \\ and ไทย", projectName: "P-1" })],
      ["/expenses/inline", { contactName: "Inline", publishedOn: "2026-11-01", totalAfterDiscount: 5, grandTotal: 5, items: [{ name: "x", quantity: 1, pricePerUnit: 5, vatRate: 0, ...EXPENSE_LINE }] }],
    ] as const) {
      const answer = await demo.post(path, body);
      expect(answer.http).toBe(200);
      const created = answer.body.data;
      const family = path.split("/")[1];
      const read = (await demo.get(`/${family}/${created.recordId}`)).body.data.list[0];
      expect(read).toEqual(created);
      const listed = (await demo.get(`/${family}?searchString=${created.documentSerial}`)).body.data.list[0];
      expect(listed).toEqual(created);
    }
  });

  it("numbers serials per company, family and month", async () => {
    const a = await create("billing-notes", { publishedOn: "2027-01-05" });
    const b = await create("billing-notes", { publishedOn: "2027-01-20" });
    const c = await create("billing-notes", { publishedOn: "2027-02-01" });
    const d = await create("quotations", { publishedOn: "2027-01-05" });
    const e = await create("billing-notes", { publishedOn: "2027-01-07" }, other);
    expect([a.documentSerial, b.documentSerial, c.documentSerial, d.documentSerial, e.documentSerial])
      .toEqual(["BL2027010001", "BL2027010002", "BL2027020001", "QT2027010001", "BL2027010001"]);
  });

  it("stores values rounded to the precision table (half-up)", async () => {
    const doc = await create("quotations", {
      isVat: false, vatAmount: 0, discountPercentage: 1.23456,
      items: [{ name: "p", quantity: 1.00005, pricePerUnit: 10.12345 }],
    });
    expect(doc.items[0]).toMatchObject({ quantity: 1.0001, pricePerUnit: 10.1235, total: 10.12 });
    expect(doc.discountPercentage).toBe(1.2346);
    // subTotal = 1.0001 × 10.1235 = 10.12451235 → 10.12; discount 1.2346% of it = 0.1249... → 0.12
    expect(doc).toMatchObject({ subTotal: 10.12, discountAmount: 0.12, totalAfterDiscount: 10, vatAmount: 0, grandTotal: 10 });
  });

  it("applies calculation rule 1: simple, manual VAT, VAT-inclusive", async () => {
    const doc = await create("tax-invoices", {
      isManualVat: true, isVatInclusive: true, isVat: true, discountAmount: 50, vatAmount: 62.15, totalAfterDiscount: 950, grandTotal: 950,
      items: [{ name: "a", quantity: 3, pricePerUnit: 200 }, { name: "b", quantity: 1, pricePerUnit: 400 }],
    });
    expect(doc).toMatchObject({ subTotal: 1000, discountAmount: 50, totalAfterDiscount: 950, vatAmount: 62.15, grandTotal: 950 });
  });

  it("applies calculation rule 2: inline, manual VAT, VAT-exclusive", async () => {
    const a = await demo.post("/tax-invoices/inline", {
      contactName: "Rule Two", publishedOn: "2026-11-12", isManualVat: true, isVatInclusive: false, vatAmount: 65.5,
      totalAfterDiscount: 1180, grandTotal: 1245.5,
      items: [
        { name: "a", quantity: 2, pricePerUnit: 500, discountAmount: 20, vatRate: 7 },
        { name: "b", quantity: 1, pricePerUnit: 150, discountAmount: 0, vatRate: 0 },
        { name: "c", quantity: 1, pricePerUnit: 50, vatRate: -1 },
      ],
    });
    expect(a.body.data).toMatchObject({
      subTotal: 1200, discountAmount: 20, totalAfterDiscount: 1180, exemptAmount: 200, vatableAmount: 980, vatAmount: 65.5, grandTotal: 1245.5,
    });
  });

  it("computes withholding tax and refuses rates outside the list", async () => {
    const doc = await create("tax-invoices", { documentShowWithholdingTax: true, documentWithholdingTaxPercentage: 3 });
    expect(doc.documentWithholdingTaxAmount).toBe(30);
    expectValidation(await demo.post("/tax-invoices", bodyFor("tax-invoices", { documentShowWithholdingTax: true, documentWithholdingTaxPercentage: 4 })), MESSAGES.withholdingRate);
  });

  it("refuses VAT combinations outside the allowed ones, with the spec's messages", async () => {
    expectValidation(await demo.post("/quotations", bodyFor("quotations", { isVat: false, isVatInclusive: true })), MESSAGES.vatCombination);
    expectValidation(await demo.post("/purchases", bodyFor("purchases", { isVat: false, vatAmount: 70 })), MESSAGES.vatCombination);
    expectValidation(await demo.post("/tax-invoices", bodyFor("tax-invoices", { vatAmount: 1000 })), MESSAGES.totalAfterDiscountLessThanVat);
    const both = await demo.post("/expenses", bodyFor("expenses", { isVat: false, vatAmount: 1200, totalAfterDiscount: 1000 }));
    expect(both.body.message).toBe(MESSAGES.validationFailed);
    expect(both.body.data.validationErrors).toEqual(expect.arrayContaining([MESSAGES.vatCombination, MESSAGES.totalAfterDiscountLessThanVat]));
  });

  it("refuses expense lines lacking the fields of their view", async () => {
    const line = { name: "x", description: undefined, quantity: 1, pricePerUnit: 100 };
    const business = await demo.post("/expenses", simpleBody({ expenseCategoryView: 3, isVat: false, vatAmount: 0 }, line));
    expect(business.body.data.validationErrors).toEqual(expect.arrayContaining([
      MESSAGES.itemDescription, MESSAGES.itemSystemCode, MESSAGES.itemCategoryId, MESSAGES.itemCreditId, MESSAGES.itemDebitId,
    ]));
    const accounting = await demo.post("/expenses", simpleBody({ expenseCategoryView: 1, isVat: false, vatAmount: 0 }, { ...line, description: "d" }));
    expect(accounting.body.data.validationErrors).toEqual([MESSAGES.itemCreditId, MESSAGES.itemDebitId]);
    const ok = await demo.post("/expenses", simpleBody({ expenseCategoryView: 1, isVat: false, vatAmount: 0 }, { ...line, description: "d", creditId: "21399", debitId: "53029" }));
    expect(ok.http).toBe(200);
    expect(ok.body.data.expenseCategoryView).toBe(1);
  });

  it("refuses due dates and amounts the store cannot keep, without a fault", async () => {
    expectValidation(await demo.post("/quotations", bodyFor("quotations", { creditDays: 1e12 })), "creditDays must be a whole number from 0 to 9999");
    expectValidation(await demo.post("/quotations", bodyFor("quotations", { creditDays: -1 })), "creditDays must be a whole number from 0 to 9999");
    expectValidation(await demo.post("/quotations", simpleBody({ isVat: false, vatAmount: 0 }, { pricePerUnit: 1e20 })), "pricePerUnit must be a number above -1,000,000,000,000 and below 1,000,000,000,000");
  });

  // The real service takes date-times (the 2020 description's examples write them so) and keeps
  // the date as written: an offset never moves it to another day.
  it("takes ISO date-times in date fields and answers their date as written", async () => {
    const simple = await create("tax-invoices", { publishedOn: "2026-11-30T23:30:00.000-0500", creditDays: 1 });
    expect(simple).toMatchObject({ publishedOn: "2026-11-30", dueDate: "2026-12-01" });
    const inline = await demo.post("/quotations/inline", {
      contactName: "Inline Buyer", publishedOn: "2026-11-11T00:00:00Z", totalAfterDiscount: 10, grandTotal: 10.7,
      items: [{ name: "A", quantity: 1, pricePerUnit: 10, vatRate: 7 }],
    });
    expect(inline.http).toBe(200);
    expect(inline.body.data.publishedOn).toBe("2026-11-11");
    const updated = await demo.put(`/tax-invoices/${simple.recordId}`, {
      ...bodyFor("tax-invoices", { publishedOn: "2026-12-02T07:00:00", creditDays: 0 }), documentStructureType: "UpdateSimpleDocument", recordId: simple.recordId,
    });
    expect(updated.http).toBe(200);
    expect(updated.body.data).toMatchObject({ publishedOn: "2026-12-02", dueDate: "2026-12-02" });
    const paid = await demo.post(`/tax-invoices/${simple.recordId}/payment`, { paymentMethod: 1, paymentDate: "2026-12-03T01:00:00+07:00", collected: 1070 });
    expect(paid.http).toBe(200);
    expect(paid.body.data.payments.paymentDate).toBe("2026-12-03");
    for (const bad of ["2026-02-30T00:00:00Z", "2026-11-10T25:00:00Z", "2026-11-10T10:00:00+0000junk", "2026-11-10 10:00"]) {
      expectValidation(await demo.post("/quotations", bodyFor("quotations", { publishedOn: bad })), "publishedOn must be a real date written YYYY-MM-DD");
    }
  });

  it("refuses plain receipt creation as obsolete", async () => {
    const a = await demo.post("/receipts", simpleBody());
    expectValidation(a, MESSAGES.receiptObsoleted);
    expect(a.body.message).toBe(MESSAGES.receiptObsoleted);
  });

  it("reads one document as data.list[0], for its own company only", async () => {
    const doc = await create("cash-invoices");
    const a = await demo.get(`/cash-invoices/${doc.recordId}`);
    expect(a.body.status).toBe(true);
    expect(a.body.data.list).toHaveLength(1);
    expect(a.body.data.list[0]).toMatchObject({ recordId: doc.recordId, documentSerial: doc.documentSerial, grandTotal: 1070 });
    const foreign = await other.get(`/cash-invoices/${doc.recordId}`);
    expect(foreign.http).toBe(404);
    expect(foreign.body).toMatchObject({ status: false, message: "Document not found" });
    expect((await demo.get(`/tax-invoices/${doc.recordId}`)).http).toBe(404); // wrong family
    expect((await other.put(`/cash-invoices/${doc.recordId}`, { ...bodyFor("cash-invoices"), documentStructureType: "UpdateSimpleDocument" })).http).toBe(404);
    expect((await other.del(`/cash-invoices/${doc.recordId}`)).http).toBe(404);
    expect((await other.post(`/cash-invoices/${doc.recordId}/status/void`)).http).toBe(404);
    expect((await demo.get(`/cash-invoices/${doc.recordId}`)).body.data.list[0].statusString).toBe("awaiting");
  });

  it("updates an awaiting document; simple ones need UpdateSimpleDocument", async () => {
    const doc = await create("quotations");
    expectValidation(await demo.put(`/quotations/${doc.recordId}`, bodyFor("quotations", { projectName: "P" })), MESSAGES.updateSimpleRequired);
    const put = await demo.put(`/quotations/${doc.recordId}`, bodyFor("quotations", {
      documentStructureType: "UpdateSimpleDocument", projectName: "Renovation", creditDays: 7,
      items: [{ name: "Changed", quantity: 3, pricePerUnit: 100 }], vatAmount: 21, totalAfterDiscount: 300, grandTotal: 321,
    }));
    expect(put.http).toBe(200);
    expect(put.body.data).toMatchObject({
      recordId: doc.recordId, documentSerial: doc.documentSerial, projectName: "Renovation", dueDate: "2026-11-17",
      subTotal: 300, vatAmount: 21, grandTotal: 321, documentStructureType: "SimpleDocument", statusString: "awaiting",
    });
    expect((await demo.get(`/quotations/${doc.recordId}`)).body.data.list[0].items[0].name).toBe("Changed");

    const inline = (await demo.post("/purchases-orders/inline", {
      contactName: "Vendor", publishedOn: "2026-11-11", items: [{ name: "A", quantity: 1, pricePerUnit: 10, vatRate: 7 }], totalAfterDiscount: 10, grandTotal: 10.7,
    })).body.data;
    const inlinePut = await demo.put(`/purchases-orders/${inline.recordId}`, {
      documentStructureType: "UpdateInlineDocument", contactName: "Vendor", publishedOn: "2026-11-11", totalAfterDiscount: 20, grandTotal: 21.4,
      items: [{ name: "A", quantity: 2, pricePerUnit: 10, vatRate: 7 }],
    });
    expect(inlinePut.body.data).toMatchObject({ documentStructureType: "InlineDocument", subTotal: 20, vatAmount: 1.4, grandTotal: 21.4 });

    await demo.post(`/quotations/${doc.recordId}/status/approved`);
    const refused = await demo.put(`/quotations/${doc.recordId}`, bodyFor("quotations", { documentStructureType: "UpdateSimpleDocument" }));
    expectValidation(refused, "Only an awaiting document can be edited");
  });

  it("deletes awaiting documents only (soft delete)", async () => {
    const doc = await create("purchases");
    const del = await demo.del(`/purchases/${doc.recordId}`);
    expect(del.body).toEqual({ status: true, message: "", code: 0, data: { deleteStatus: "Deleted" } });
    expect((await demo.get(`/purchases/${doc.recordId}`)).http).toBe(404);
    expect((await demo.get(`/purchases?searchString=${doc.documentSerial}`)).body.data.total).toBe(0);
    expect((await demo.del(`/purchases/${doc.recordId}`)).http).toBe(404);
    const approved = await create("purchases");
    await demo.post(`/purchases/${approved.recordId}/status/approved`);
    expectValidation(await demo.del(`/purchases/${approved.recordId}`), "Only an awaiting document can be deleted");
  });

  it.each(CREATABLE)("changes the status of a %s with its family's status words only", async (family) => {
    const doc = await create(family);
    for (const word of FAMILY_INFO[family].statuses) {
      const a = await demo.post(`/${family}/${doc.recordId}/status/${word}`);
      expect(a.http).toBe(200);
      expect(a.body.data).toMatchObject({ recordId: doc.recordId, statusString: word, allowDelete: word === "awaiting" });
    }
    const bad = await demo.post(`/${family}/${doc.recordId}/status/paid`);
    expectValidation(bad, `statusId paid is not allowed for ${family}; allowed: ${FAMILY_INFO[family].statuses.join(", ")}`);
  });

  describe("contact rules", () => {
    const contactBody = { contactGroup: 3, contactType: 3, contactCode: "CR-1", contactName: "Rule Four Co., Ltd.", contactAddress: "Addr 1", contactTaxId: "1234567890123", contactEmail: "four@example.com", contactMobile: "02-444" };
    let contactId: number;
    beforeAll(async () => {
      contactId = (await demo.post("/contacts", contactBody)).body.data.list[0].id;
    });

    it("fills the document from contactId; sent fields override for this document only", async () => {
      const doc = await create("tax-invoices", { contactId, contactName: undefined, contactEmail: "", contactAddress: "Site office" });
      expect(doc).toMatchObject({
        contactId, contactName: "Rule Four Co., Ltd.", contactCode: "CR-1", contactTaxId: "1234567890123", contactNumber: "02-444",
        contactEmail: "", contactAddress: "Site office",
      });
      const contact = (await demo.get(`/contacts/${contactId}`)).body.data.list[0];
      expect(contact).toMatchObject({ contactEmail: "four@example.com", contactAddress: "Addr 1" });
      const same = await create("tax-invoices", { contactId, contactName: "Rule Four Co., Ltd.", contactCode: "CR-1" });
      expect(same.contactId).toBe(contactId);
    });

    it("answers the spec's messages for a wrong contactId", async () => {
      expectValidation(await demo.post("/quotations", bodyFor("quotations", { contactId: -1 })), MESSAGES.contactIdNegative);
      expectValidation(await demo.post("/quotations", bodyFor("quotations", { contactId: 99_999_999, contactName: undefined })), MESSAGES.contactIdNotFound);
      expectValidation(await demo.post("/quotations", bodyFor("quotations", { contactId, contactName: "Someone Else" })), MESSAGES.contactMismatch);
      expectValidation(await demo.post("/quotations", bodyFor("quotations", { contactId, contactName: undefined, contactCode: "XX" })), MESSAGES.contactMismatch);
      const foreign = (await other.get("/contacts")).body.data.list[0].id;
      expectValidation(await demo.post("/quotations", bodyFor("quotations", { contactId: foreign, contactName: undefined })), MESSAGES.contactOtherCompany);
      const doomed = (await demo.post("/contacts", { contactGroup: 1, contactType: 3, contactName: "Doomed" })).body.data.list[0].id;
      await demo.del(`/contacts/${doomed}`);
      expectValidation(await demo.post("/quotations", bodyFor("quotations", { contactId: doomed, contactName: undefined })), MESSAGES.contactInvalid);
      expectValidation(await demo.post("/quotations", bodyFor("quotations", { contactName: undefined })), MESSAGES.contactRequired);
      expectValidation(await demo.post("/quotations", bodyFor("quotations", { contactName: "  " })), MESSAGES.contactRequired);
    });

    it("creates a new contact with an empty code from a new name, and reuses one with no code", async () => {
      const first = await create("quotations", { contactName: "Brand New Buyer", contactEmail: "new@example.com" });
      const contact = (await demo.get(`/contacts/${first.contactId}`)).body.data.list[0];
      expect(contact).toMatchObject({ contactName: "Brand New Buyer", contactCode: "", contactEmail: "new@example.com", contactType: 3 });
      const second = await create("tax-invoices", { contactName: "Brand New Buyer" });
      expect(second.contactId).toBe(first.contactId);
      expect(second.contactEmail).toBe("new@example.com");
      // A contact of that name WITH a code is not reused: a new one (empty code) is made.
      const third = await create("quotations", { contactName: "Rule Four Co., Ltd." });
      expect(third.contactId).not.toBe(contactId);
      expect(third.contactCode).toBe("");
      // Vendors for buy documents.
      const po = await create("purchases-orders", { contactName: "Brand New Vendor" });
      expect((await demo.get(`/contacts/${po.contactId}`)).body.data.list[0].contactType).toBe(5);
      // The other company does not reuse this company's contact.
      const foreign = await create("quotations", { contactName: "Brand New Buyer" }, other);
      expect(foreign.contactId).not.toBe(first.contactId);
    });

    it("answers contacts created or deleted at once (a commit shared on the embedded store) each for its own, a code taken twice refused for all but one", async () => {
      const body = (i: number, code = "") => ({ contactGroup: 3, contactType: 3, contactCode: code, contactName: `Together ${i}`, contactEmail: `t${i}@example.com` });
      // Codes TG-A twice and TG-B once among twelve: the batch with a clash is inserted one by one.
      const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => demo.post("/contacts", body(i, i === 3 || i === 8 ? "TG-A" : i === 5 ? "TG-B" : ""))));
      const made = answers.filter((a) => a.http === 200).map((a) => a.body.data.list[0]);
      // Of the two TG-A creates one is made; every other create is made.
      expect(answers.map((a, i) => (i === 3 || i === 8 ? "either" : a.http))).toEqual(answers.map((_, i) => (i === 3 || i === 8 ? "either" : 200)));
      expect([answers[3].http, answers[8].http].sort()).toEqual([200, 400]);
      for (const a of answers.filter((x) => x.http !== 200)) expectValidation(a, "ERROR.CONTACT_CODE_DUPLICATE");
      expect(new Set(made.map((c) => c.id)).size).toBe(11);
      for (const c of made) {
        const read = (await demo.get(`/contacts/${c.id}`)).body.data.list[0];
        expect(read).toMatchObject({ contactName: c.contactName, contactEmail: `t${c.contactName.slice(9)}@example.com` });
      }
      expect((await demo.get("/contacts?searchString=together&pageSize=50")).body.data.total).toBe(11);
      // Deleted at once (a commit shared on the embedded store): each of this company's once; the
      // same id asked twice, another company's and one already gone are not found.
      const ids = made.map((c) => c.id as number);
      const foreign = (await other.post("/contacts", body(99))).body.data.list[0].id as number;
      const asked = [...ids.slice(0, 6), ids[0], foreign, ids[6]];
      const deleted = await Promise.all(asked.map((id) => (id === ids[6] ? other : demo).del(`/contacts/${id}`)));
      const found = deleted.map((a) => a.http);
      expect([found[0], found[6]].sort()).toEqual([200, 404]);
      expect([...found.slice(1, 6), ...found.slice(7)]).toEqual([200, 200, 200, 200, 200, 404, 404]);
      expect((await demo.get("/contacts?searchString=together&pageSize=50")).body.data.total).toBe(5);
      expect((await other.get(`/contacts/${foreign}`)).http).toBe(200);
    });
  });
});
