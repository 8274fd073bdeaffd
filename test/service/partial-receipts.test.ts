// Partial receipts over real HTTP on PostgreSQL: POST /receipts in batch mode and PUT
// /receipts/{id}, every rule of the spec's partial-receipt section and the ones the store holds
// (the tax invoice, its contact, its remaining balance), the type 11 link on both documents, the
// tax invoice paid once fully paid, and many receipts sent at once never paying more than is due.
import { REFERENCE_KIND } from "../../src/rules/codes";
import { MESSAGES, formatMessage } from "../../src/rules/messages";
import { oneStore } from "../helpers/service";
import { sharedServiceFor, expectValidation, type Client } from "./support";
import { CASH, bodyFor, linkOf, make, read, referenceTo, type Doc } from "./flows-support";

jest.setTimeout(240_000);

const line = (invoice: Doc, partialAmount: number) => ({ documentId: invoice.recordId, documentType: 7, partialAmount });
const batch = (lines: Array<ReturnType<typeof line>>, extra: Record<string, unknown> = {}) => ({
  isBatchDocument: true, partialPaymentMethod: 11, creditType: 3, documentStructureType: "SimpleDocument", documentReference: [],
  grandTotal: Math.round(lines.reduce((s, l) => s + l.partialAmount * 100, 0)) / 100, items: lines, ...extra,
});
const update = (invoice: Doc, amount: number, extra: Record<string, unknown> = {}) =>
  batch([line(invoice, amount)], { documentStructureType: "UpdateSimpleDocument", contactId: invoice.contactId, ...extra });
const remainingOf = (invoice: Doc, amount: string) => ({ remaining: amount, serial: invoice.documentSerial });

/** Today as the service writes it when publishedOn is omitted (same machine, same zone). */
function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

describe.each(oneStore("postgres"))("partial receipts (%s)", (store) => {
  const ctx = sharedServiceFor(store);
  let demo: Client;
  let other: Client;
  beforeAll(() => {
    ({ demo, other } = ctx);
  });
  const invoice = (overrides: Record<string, unknown> = {}) => make(demo, "tax-invoices", overrides);
  const receive = async (lines: Array<ReturnType<typeof line>>, extra: Record<string, unknown> = {}) => {
    const a = await demo.post("/receipts", batch(lines, extra));
    if (a.http !== 200) throw new Error(`partial receipt refused: ${JSON.stringify(a.body)}`);
    return a.body.data as Doc;
  };
  const above = (inv: Doc, given: string, remaining: string) =>
    formatMessage(MESSAGES.partialAmountAboveRemaining, { given, ...remainingOf(inv, remaining) });

  it("creates an awaiting receipt from a tax invoice: amounts, VAT, contact, link on both", async () => {
    const inv = await invoice();
    const receipt = await receive([line(inv, 535)], { remarks: "first half", internalNotes: "row 4" });
    expect(receipt).toMatchObject({
      documentType: 9, statusString: "awaiting", allowDelete: true, publishedOn: today(), dueDate: today(),
      isBatchDocument: true, partialPaymentMethod: 11, creditType: 3, documentStructureType: "SimpleDocument",
      contactId: inv.contactId, contactName: inv.contactName, remarks: "first half", internalNotes: "row 4",
      // 535 of 1070 (VAT 70): half the VAT.
      grandTotal: 535, totalAfterDiscount: 535, vatAmount: 35, totalWithoutVat: 500, isVatInclusive: true, isVat: true,
    });
    expect(receipt.documentSerial).toMatch(/^RE\d{10}$/);
    expect(receipt.items).toEqual([expect.objectContaining({ documentId: inv.recordId, documentType: 7, documentSerial: inv.documentSerial, partialAmount: 535, total: 535 })]);
    expect(receipt.company.companyName).toBe("Demo Co., Ltd.");
    const link = linkOf(inv, receipt, REFERENCE_KIND.BatchPartialPayments);
    expect(receipt.referencedByMe).toEqual([link]);
    const after = await read(demo, "tax-invoices", inv.recordId);
    expect(after.referencedToMe).toEqual([link]);
    expect(after.statusString).toBe("awaiting");
    expect(await read(demo, "receipts", receipt.recordId)).toEqual(receipt);
  });

  it("keeps a given publishedOn and pays several tax invoices of one contact in one receipt", async () => {
    const [a, b] = [await invoice(), await invoice({ isVat: false, vatAmount: 0, grandTotal: 1000 })];
    const receipt = await receive([line(a, 107), line(b, 250.5), line(a, 10.7)], { publishedOn: "2026-12-01" });
    expect(receipt).toMatchObject({ publishedOn: "2026-12-01", grandTotal: 368.2, vatAmount: 7.7 });
    expect(receipt.referencedByMe.map((r: Doc) => r.referenceId)).toEqual([a.recordId, b.recordId, a.recordId]);
    expect((await read(demo, "tax-invoices", b.recordId)).referencedToMe).toHaveLength(1);
  });

  it("refuses bodies against the spec's rules (shared checks)", async () => {
    const inv = await invoice();
    expectValidation(await demo.post("/receipts", batch([line(inv, 10)], { partialPaymentMethod: 3 })), MESSAGES.partialMethod);
    expectValidation(await demo.post("/receipts", batch([line(inv, 10)], { creditType: 1 })), MESSAGES.partialCreditType);
    expectValidation(await demo.post("/receipts", batch([line(inv, 10)], { grandTotal: 11 })),
      formatMessage(MESSAGES.partialGrandTotal, { given: "11.00", expected: "10.00" }));
    expectValidation(await demo.post("/receipts", batch([{ ...line(inv, 10), documentType: 9 }])), MESSAGES.partialDocumentType);
    expectValidation(await demo.post("/receipts", batch([line(inv, 0)])), MESSAGES.partialAmountPositive);
    expectValidation(await demo.post("/receipts", batch([line(inv, -5)])), MESSAGES.partialAmountPositive);
    expectValidation(await demo.post("/receipts", batch([{ ...line(inv, 10), documentId: 0 }])), MESSAGES.partialDocumentId);
    expect((await demo.post("/receipts", batch([]))).http).toBe(400);
    // Outside batch mode: the real service's refusal.
    expectValidation(await demo.post("/receipts", { ...batch([line(inv, 10)]), isBatchDocument: false }), MESSAGES.receiptObsoleted);
    expectValidation(await demo.post("/receipts", bodyFor("receipts")), MESSAGES.receiptObsoleted);
    expect((await read(demo, "tax-invoices", inv.recordId)).referencedToMe).toEqual([]);
  });

  it("refuses lines that are not open tax invoices of this company, of one contact", async () => {
    const quote = await make(demo, "quotations");
    expectValidation(await demo.post("/receipts", batch([line(quote, 10)])), formatMessage(MESSAGES.partialInvoiceNotFound, { documentId: quote.recordId }));
    const theirs = await make(other, "tax-invoices");
    expectValidation(await demo.post("/receipts", batch([line(theirs, 10)])), formatMessage(MESSAGES.partialInvoiceNotFound, { documentId: theirs.recordId }));
    const voided = await invoice();
    await demo.post(`/tax-invoices/${voided.recordId}/status/void`);
    expectValidation(await demo.post("/receipts", batch([line(voided, 10)])), formatMessage(MESSAGES.partialInvoiceState, { serial: voided.documentSerial, status: "void" }));
    const paid = await invoice();
    await demo.post(`/tax-invoices/${paid.recordId}/payment`, CASH);
    expectValidation(await demo.post("/receipts", batch([line(paid, 10)])), formatMessage(MESSAGES.partialInvoiceState, { serial: paid.documentSerial, status: "paid" }));
    const mine = await invoice();
    const someoneElse = await invoice({ contactName: "Another Buyer Ltd." });
    expectValidation(await demo.post("/receipts", batch([line(mine, 10), line(someoneElse, 10)])), MESSAGES.partialOneContact);
    expectValidation(await demo.post("/receipts", batch([line(mine, 10)], { contactId: someoneElse.contactId })),
      formatMessage(MESSAGES.partialContactMismatch, { given: someoneElse.contactId, serial: mine.documentSerial }));
    expect((await read(demo, "tax-invoices", mine.recordId)).referencedToMe).toEqual([]);
  });

  it("never takes more than remains; the tax invoice is paid once fully paid", async () => {
    const inv = await invoice();
    expectValidation(await demo.post("/receipts", batch([line(inv, 1070.01)])), above(inv, "1,070.01", "1,070.00"));
    // Two lines on one invoice count together.
    expectValidation(await demo.post("/receipts", batch([line(inv, 600), line(inv, 500)])), above(inv, "1,100.00", "1,070.00"));
    await receive([line(inv, 1000)]);
    expectValidation(await demo.post("/receipts", batch([line(inv, 70.01)])), above(inv, "70.01", "70.00"));
    expect((await read(demo, "tax-invoices", inv.recordId)).statusString).toBe("awaiting");
    await receive([line(inv, 70)]);
    const paid = await read(demo, "tax-invoices", inv.recordId);
    expect(paid).toMatchObject({ statusString: "paid", status: 5, allowDelete: false });
    expect(paid.referencedToMe).toHaveLength(2);
    expectValidation(await demo.post("/receipts", batch([line(inv, 0.01)])), above(inv, "0.01", "0.00"));
  });

  it("PUT changes an awaiting partial receipt; the invoice goes back to its state before paid", async () => {
    const inv = await invoice();
    await demo.post(`/tax-invoices/${inv.recordId}/status/invoicedelivered`);
    const r = await receive([line(inv, 1070)]);
    expect((await read(demo, "tax-invoices", inv.recordId)).statusString).toBe("paid");
    const lowered = await demo.put(`/receipts/${r.recordId}`, update(inv, 800, { remarks: "corrected" }));
    expect(lowered.http).toBe(200);
    expect(lowered.body.data).toMatchObject({ recordId: r.recordId, documentSerial: r.documentSerial, grandTotal: 800, remarks: "corrected", statusString: "awaiting" });
    expect(lowered.body.data.referencedByMe).toEqual([linkOf(inv, r, REFERENCE_KIND.BatchPartialPayments)]);
    expect((await read(demo, "tax-invoices", inv.recordId)).statusString).toBe("invoicedelivered");
    // The receipt's own amount is free again for itself, not for others.
    expectValidation(await demo.post("/receipts", batch([line(inv, 270.01)])), above(inv, "270.01", "270.00"));
    expectValidation(await demo.put(`/receipts/${r.recordId}`, update(inv, 1070.01)), above(inv, "1,070.01", "1,070.00"));
    expect((await read(demo, "receipts", r.recordId)).grandTotal).toBe(800);
    expect((await demo.put(`/receipts/${r.recordId}`, update(inv, 1070))).http).toBe(200);
    expect((await read(demo, "tax-invoices", inv.recordId)).statusString).toBe("paid");
  });

  it("PUT can move a partial receipt to another tax invoice of the contact", async () => {
    const [a, b] = [await invoice(), await invoice()];
    const r = await receive([line(a, 1070)]);
    const moved = await demo.put(`/receipts/${r.recordId}`, update(b, 100));
    expect(moved.http).toBe(200);
    expect((await read(demo, "tax-invoices", a.recordId))).toMatchObject({ statusString: "awaiting", referencedToMe: [] });
    expect((await read(demo, "tax-invoices", b.recordId)).referencedToMe).toEqual([linkOf(b, r, REFERENCE_KIND.BatchPartialPayments)]);
    await receive([line(a, 1070)]);
  });

  it("PUT rules: update form, contact of the tax invoice, no references, grand total, awaiting only", async () => {
    const inv = await invoice();
    const r = await receive([line(inv, 100)]);
    const put = (body: Record<string, unknown>) => demo.put(`/receipts/${r.recordId}`, body);
    expectValidation(await put(update(inv, 50, { contactId: undefined })), MESSAGES.partialUpdateContactId);
    expectValidation(await put(update(inv, 50, { documentStructureType: "SimpleDocument" })), MESSAGES.updateSimpleRequired);
    expectValidation(await put(update(inv, 50, { documentReference: [referenceTo(inv)] })), MESSAGES.partialUpdateReference);
    expectValidation(await put(update(inv, 50, { grandTotal: 60 })), formatMessage(MESSAGES.partialUpdateGrandTotal, { given: "60.00", expected: "50.00" }));
    const stranger = await invoice({ contactName: "Stranger Co." });
    expectValidation(await put(update(inv, 50, { contactId: stranger.contactId })),
      formatMessage(MESSAGES.partialContactMismatch, { given: stranger.contactId, serial: inv.documentSerial }));
    expect(await read(demo, "receipts", r.recordId)).toEqual(r);
    expect((await demo.post(`/receipts/${r.recordId}/payment`, { ...CASH, collected: 100 })).http).toBe(200);
    expectValidation(await put(update(inv, 50)), MESSAGES.partialOnlyAwaiting);
    expect((await other.put(`/receipts/${r.recordId}`, update(inv, 50))).http).toBe(404);
  });

  it("a receipt made by upgrade is still edited as a plain document", async () => {
    const inv = await invoice();
    const made = (await demo.post("/upgrade/receipts", { ...bodyFor("receipts"), documentReference: [referenceTo(inv)] })).body.data;
    const a = await demo.put(`/receipts/${made.recordId}`, { ...bodyFor("receipts"), documentStructureType: "UpdateSimpleDocument", remarks: "edited" });
    expect(a.http).toBe(200);
    expect(a.body.data.remarks).toBe("edited");
  });

  it("a tax invoice with partial receipts keeps its amounts: no edit, delete, void or plain payment", async () => {
    const inv = await invoice();
    await receive([line(inv, 10)]);
    const locked = formatMessage(MESSAGES.partialInvoiceLocked, { serial: inv.documentSerial });
    expectValidation(await demo.put(`/tax-invoices/${inv.recordId}`, { ...bodyFor("tax-invoices"), documentStructureType: "UpdateSimpleDocument" }), locked);
    expectValidation(await demo.del(`/tax-invoices/${inv.recordId}`), locked);
    expectValidation(await demo.post(`/tax-invoices/${inv.recordId}/status/void`), locked);
    expectValidation(await demo.post(`/tax-invoices/${inv.recordId}/payment`, CASH), formatMessage(MESSAGES.paymentHasPartialReceipts, { serial: inv.documentSerial }));
    expect((await read(demo, "tax-invoices", inv.recordId)).statusString).toBe("awaiting");
  });

  it("deleting or voiding a partial receipt gives its amount back", async () => {
    const inv = await invoice();
    const [r1, r2] = [await receive([line(inv, 1000)]), await receive([line(inv, 70)])];
    expect((await read(demo, "tax-invoices", inv.recordId)).statusString).toBe("paid");
    expect((await demo.del(`/receipts/${r1.recordId}`)).http).toBe(200);
    let after = await read(demo, "tax-invoices", inv.recordId);
    expect(after).toMatchObject({ statusString: "awaiting", referencedToMe: [linkOf(inv, r2, REFERENCE_KIND.BatchPartialPayments)] });
    expect((await demo.post(`/receipts/${r2.recordId}/status/void`)).http).toBe(200);
    after = await read(demo, "tax-invoices", inv.recordId);
    expect(after.referencedToMe).toEqual([]);
    // Nothing reserved any more: the invoice can be edited, or paid at once, again.
    expect((await demo.post(`/tax-invoices/${inv.recordId}/payment`, CASH)).http).toBe(200);
  });

  it("20 receipts sent at once never take more than the tax invoice's total", async () => {
    const inv = await invoice();
    const answers = await Promise.all(Array.from({ length: 20 }, () => demo.post("/receipts", batch([line(inv, 100)]))));
    const accepted = answers.filter((a) => a.http === 200);
    expect(answers.filter((a) => a.http !== 200).every((a) => a.http === 400 && a.body.message.startsWith("partialAmount 100.00 is above"))).toBe(true);
    expect(accepted).toHaveLength(10);
    expect(new Set(accepted.map((a) => a.body.data.documentSerial)).size).toBe(10);
    // Exactly the rest can still be received, then nothing.
    await receive([line(inv, 70)]);
    expectValidation(await demo.post("/receipts", batch([line(inv, 0.01)])), above(inv, "0.01", "0.00"));
    const done = await read(demo, "tax-invoices", inv.recordId);
    expect(done.statusString).toBe("paid");
    expect(done.referencedToMe).toHaveLength(11);
  });

  it("receipts and updates at once over two invoices in both orders: no deadlock, no over-payment", async () => {
    const [a, b] = [await invoice(), await invoice()];
    const amounts = Array.from({ length: 20 }, (_, i) => 37 + ((i * 53) % 120) + 0.25);
    const existing = await receive([line(a, 5), line(b, 5)]);
    const sent = await Promise.all([
      ...amounts.map((amount, i) => demo.post("/receipts", batch(i % 2 === 0 ? [line(a, amount), line(b, amount)] : [line(b, amount), line(a, amount)]))),
      demo.put(`/receipts/${existing.recordId}`, update(a, 300, { items: [line(b, 150), line(a, 150)], grandTotal: 300 })),
    ]);
    expect(sent.every((x) => x.http === 200 || x.http === 400)).toBe(true);
    const taken = async (inv: Doc) => {
      const links = (await read(demo, "tax-invoices", inv.recordId)).referencedToMe as Doc[];
      let cents = 0;
      for (const l of links) {
        const receipt = await read(demo, "receipts", l.documentId);
        for (const item of receipt.items) if (item.documentId === inv.recordId) cents += Math.round(item.partialAmount * 100);
      }
      return cents / 100;
    };
    for (const inv of [a, b]) {
      const sum = await taken(inv);
      expect(sum).toBeLessThanOrEqual(1070);
      // The service's balance agrees with the receipts: exactly the rest is still accepted.
      const rest = Math.round((1070 - sum) * 100) / 100;
      if (rest > 0) await receive([line(inv, rest)]);
      expect((await read(demo, "tax-invoices", inv.recordId)).statusString).toBe("paid");
    }
  });
});
