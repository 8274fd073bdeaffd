// The client's part-2 operations against the real local service: attachments (multipart and
// base64), PDF export, e-mail and the sandbox outbox, share links, withholding-tax certificates,
// journal entries and product masters; every body it sent is checked against openapi-2020.yaml.
import { NotFoundError, ValidationError } from "../../src/api/errors";
import type { JsonBody } from "../../src/api/types";
import { makeFixture, makePng } from "../fixtures/files/make";
import { pdfText } from "../service/pdf-readback";
import { bodyProblems, recorded, recordedClient } from "./helpers/client";
import { serviceSession, today } from "./helpers/session";
import type { JournalEntryBody, WithholdingTaxBody } from "../../src/rules/schemas/bodies";

jest.setTimeout(120_000);

const s = serviceSession();

describe("document files, PDF, e-mail, share", () => {
  it("attaches files (multipart and base64) and reads them back with the document", async () => {
    const ti = s.c.documents("tax-invoices");
    const doc = await ti.create(s.simpleBody());
    const png = makePng();
    const first = await ti.attach(doc.recordId, { name: "scan.png", type: "image/png", data: new Uint8Array(png) });
    expect(first).toEqual([expect.objectContaining({ attachmentName: "scan.png", orderNumber: 1, isDisplay: true })]);
    const pdf = await makeFixture("pdf");
    const all = await ti.attachBase64(doc.recordId, [{ fileName: "bill.pdf", fileType: "application/pdf", Base64Data: pdf.toString("base64") }]);
    expect(all.map((a) => a.attachmentName)).toEqual(["scan.png", "bill.pdf"]);
    expect(((await ti.get(doc.recordId)) as JsonBody).attachments).toEqual(all);
    const download = await fetch(all[1].attachmentPath);
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);
    await expect(ti.attachBase64(doc.recordId, [{ fileName: "bill.png", Base64Data: pdf.toString("base64") }])).rejects.toBeInstanceOf(ValidationError);
  });

  it("exports the PDF as base64 and refuses bad options", async () => {
    const ti = s.c.documents("tax-invoices");
    const doc = await ti.create(s.simpleBody());
    const base64 = await ti.exportPdf(doc.recordId, { culture: "en", document: { original: true, copy: false } });
    const text = await pdfText(Buffer.from(base64, "base64"));
    expect(text).toContain(String(doc.documentSerial));
    expect(text).toContain(s.contactName);
    await expect(ti.exportPdf(doc.recordId, { culture: "xx" } as never)).rejects.toBeInstanceOf(ValidationError);
  });

  it("e-mails the document; the sandbox outbox shows it", async () => {
    const qt = s.c.documents("quotations");
    const doc = await qt.create(s.simpleBody());
    const result = await qt.email({
      documentId: doc.recordId, fromemail: "sales@demo.example", toemail: "buyer@customer.example", cCMyself: false,
      subject: `Quotation ${doc.documentSerial}`, message: "Please see attached.",
    });
    expect(result.ok).toBe(true);
    const box = (await s.c.outbox()) as { list: Array<Record<string, any>> };
    expect(box.list[0]).toMatchObject({ documentId: doc.recordId, to: ["buyer@customer.example"], subject: `Quotation ${doc.documentSerial}` });
    expect(box.list[0].attachments[0].filename).toBe(`${doc.documentSerial}.pdf`);
  });

  it("shares a link that opens without a token, until the document is deleted", async () => {
    const qt = s.c.documents("quotations");
    const doc = await qt.create(s.simpleBody());
    const link = await qt.share({ documentId: doc.recordId, culture: "th" });
    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(String(doc.documentSerial));
    await qt.delete(doc.recordId);
    expect((await fetch(link)).status).toBe(404);
    await expect(qt.share({ documentId: doc.recordId, culture: "th" })).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe("withholding tax, journal entries, product masters", () => {
  it("withholding-tax certificates: create (processed), get, list, status, update, delete", async () => {
    const body: WithholdingTaxBody = {
      contactName: "Freelance Designer", contactTaxId: "1100100000001", publishedOn: today, entity: 1, taxPayment: 1,
      withholdingTaxItems: [{ incomeType: 3, description: "Design fee", taxRate: 3, taxAmount: 10000, taxAmountNoVat: 10000, withheld: 300, total: 9700, vatType: 7 }],
      total: 10000, totalTaxWithheld: 300,
    };
    const made = await s.c.withholdingTaxes.create(body);
    expect(made).toMatchObject({ statusString: "processed", documentSerial: expect.stringMatching(/^WT/) });
    expect((await s.c.withholdingTaxes.get(made.recordId)).recordId).toBe(made.recordId);
    expect((await s.c.withholdingTaxes.list()).list.map((w) => w.recordId)).toContain(made.recordId);
    await expect(s.c.withholdingTaxes.delete(made.recordId)).rejects.toBeInstanceOf(ValidationError);
    expect((await s.c.withholdingTaxes.setStatus(made.recordId, "awaiting")).statusString).toBe("awaiting");
    expect((await s.c.withholdingTaxes.update(made.recordId, {
      ...body, remarks: "fixed", companyName: "Demo Co., Ltd.", companyAddress: "99 Sukhumvit Road", companyBranch: "Head office",
    })).remarks).toBe("fixed");
    expect((await s.c.withholdingTaxes.delete(made.recordId)).deleteStatus).toBe("Deleted");
    await expect(s.c.withholdingTaxes.get(made.recordId)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("journal entries: draft, approve (balanced only), list, get", async () => {
    const chart = await s.c.chartOfAccounts.list();
    const id = (code: string) => (chart.find((a) => a.code === code) as unknown as { chartOfAccountId: number }).chartOfAccountId;
    const body = (credit: number): JournalEntryBody => ({
      documentType: 51, documentDate: today, description: "Stationery paid in cash",
      bookOfAccounts: [
        { debitCredit: 1, chartOfAccountId: id("53030"), value: 535, description: "" },
        { debitCredit: 3, chartOfAccountId: id("11111"), value: credit, description: "" },
      ],
    });
    const draft = await s.c.journalEntries.draft(body(500));
    expect(draft.statusString).toBe("draft");
    await expect(s.c.journalEntries.approve(body(500))).rejects.toBeInstanceOf(ValidationError);
    const approved = await s.c.journalEntries.approve(body(535));
    expect(approved.statusString).toBe("approved");
    expect((await s.c.journalEntries.get(approved.recordId!)).documentSerial).toBe(approved.documentSerial);
    expect((await s.c.journalEntries.list()).list.map((j) => j.recordId)).toEqual(expect.arrayContaining([draft.recordId, approved.recordId]));
  });

  it("product masters: create, get, update; another company cannot read them", async () => {
    const made = await s.c.productMasters.create({
      type: 1, code: `PM${Date.now() % 100000}`, name: "Bookkeeping", categoryName: "Services",
      sellSettings: { vatType: 3, description: "Monthly bookkeeping" },
      productLists: [{ unitName: "month", sellPrice: 3000, buyPrice: 0, isMainProduct: true }],
    });
    expect(made).toMatchObject({ id: expect.any(Number), name: "Bookkeeping" });
    expect((await s.c.productMasters.get(made.id as number)).name).toBe("Bookkeeping");
    expect((await s.c.productMasters.update(made.id as number, { type: 1, name: "Bookkeeping (monthly)" })).name).toBe("Bookkeeping (monthly)");
    const otherClient = recordedClient(s.service.root, s.other);
    await expect(otherClient.productMasters.get(made.id as number)).rejects.toBeInstanceOf(NotFoundError);
  });
});

it("sent only bodies that validate against openapi-2020.yaml", () => {
  expect(recorded.length).toBeGreaterThan(20);
  expect(bodyProblems()).toEqual([]);
});
