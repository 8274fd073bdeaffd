// The client's upgrade, payment and partial-receipt operations against the real local service
// (embedded store), with every body checked against openapi-2020.yaml where the operation is
// described there (upgrades are newer and are not).
import { NotFoundError, ValidationError } from "../../src/api/errors";
import type { DocumentRecord, JsonBody } from "../../src/api/types";
import { MESSAGES, formatMessage } from "../../src/rules/messages";
import { bodyProblems, recorded, recordedClient } from "./helpers/client";
import { serviceSession, today } from "./helpers/session";
import type { PartialReceiptBody, PartialReceiptUpdateBody } from "../../src/rules/schemas/bodies";

jest.setTimeout(120_000);

const s = serviceSession();

const ref = (d: DocumentRecord) => ({ recordId: d.recordId, referenceDocumentSerial: d.documentSerial, referenceDocumentType: d.documentType });
const transfer = (form: "Simple" | "Inline", collected: number) => ({
  documentPaymentStructureType: `${form}DocumentWithPaymentReceivingTransfer`, paymentMethod: 5, paymentDate: today, collected, bankAccountId: s.bankAccountId,
});

describe("upgrades", () => {
  it("quotation → billing note → tax invoice (paid) → receipt, every link shown on both sides", async () => {
    const quote = await s.c.documents("quotations").create(s.simpleBody());
    const note = await s.c.documents("billing-notes").upgrade(s.simpleBody({ documentReference: [ref(quote)] }));
    expect(note.documentSerial).toMatch(/^BL/);
    expect((await s.c.documents("quotations").get(quote.recordId)).statusString).toBe("approvedandprocessed");
    const invoice = await s.c.documents("tax-invoices").upgradeWithPayment(s.simpleBody({ ...transfer("Simple", 214), documentReference: [ref(note)] }));
    expect(invoice).toMatchObject({ statusString: "paid", payments: expect.objectContaining({ paymentMethod: 5, collected: 214, bankAccountId: s.bankAccountId }) });
    const receipt = await s.c.documents("receipts").upgradeInline(s.inlineBody({ documentReference: [ref(invoice)] }));
    expect(receipt.referencedByMe).toEqual([expect.objectContaining({ referenceId: invoice.recordId, documentId: receipt.recordId, documentType: 9, type: 1 })]);
    const noteAfter = await s.c.documents("billing-notes").get(note.recordId);
    expect(noteAfter.referencedByMe?.[0]).toMatchObject({ referenceId: quote.recordId, type: 1 });
    expect(noteAfter.referencedToMe?.[0]).toMatchObject({ documentId: invoice.recordId, documentType: 7, type: 1 });
  });

  it("purchase order → purchase, inline with payment", async () => {
    const po = await s.c.documents("purchases-orders").createInline(s.inlineBody());
    const purchase = await s.c.documents("purchases").upgradeInlineWithPayment(s.inlineBody({
      documentReference: [ref(po)], documentPaymentStructureType: "InlineDocumentWithPaymentPaidCash", paymentMethod: 1, paymentDate: today, collected: 303.3,
    }));
    expect(purchase.statusString).toBe("paid");
    expect((await s.c.documents("purchases-orders").get(po.recordId)).statusString).toBe("approvedandprocessed");
  });

  it("a source of another company is a ValidationError with the service's message", async () => {
    const theirs = await recordedClient(s.service.root, s.other).documents("quotations").create(s.simpleBody({ contactId: undefined }));
    const err = await s.c.documents("billing-notes").upgrade(s.simpleBody({ documentReference: [ref(theirs)] })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ValidationError);
    expect((err as ValidationError).message).toBe(formatMessage(MESSAGES.upgradeSourceNotFound, { recordId: theirs.recordId }));
  });
});

describe("payments", () => {
  it("creates paid documents with payment, simple and inline", async () => {
    const simple = await s.c.documents("tax-invoices").createWithPayment(s.simpleBody(transfer("Simple", 214)));
    const inline = await s.c.documents("cash-invoices").createInlineWithPayment(s.inlineBody(transfer("Inline", 303.3)));
    expect([simple.statusString, inline.statusString]).toEqual(["paid", "paid"]);
    expect(inline.payments).toMatchObject({ collected: 303.3, bankAccountNumber: expect.any(String) });
  });

  it("pays an existing document; paying again is refused", async () => {
    const api = s.c.documents("tax-invoices");
    const doc = await api.create(s.simpleBody());
    const body = { paymentStructureType: "PaymentReceivingCash", documentId: doc.recordId, paymentMethod: 1, paymentDate: today, collected: 208, withheldPercentage: 3, withheldAmount: 6 };
    const paid = await api.pay(doc.recordId, body);
    expect(paid).toMatchObject({ recordId: doc.recordId, statusString: "paid", payments: expect.objectContaining({ collected: 208, withheldAmount: 6 }) });
    await expect(api.pay(doc.recordId, body)).rejects.toMatchObject({ name: "ValidationError", message: formatMessage(MESSAGES.paymentAlreadyPaid, { serial: doc.documentSerial }) });
  });

  it("pays a purchase by transfer from the company's bank account; another company's account is refused", async () => {
    const api = s.c.documents("purchases");
    const doc = await api.create(s.simpleBody());
    const body = { paymentStructureType: "PaymentPaidTransfer", documentId: doc.recordId, paymentMethod: 5, paymentDate: today, collected: 214, bankAccountId: s.bankAccountId };
    const other = recordedClient(s.service.root, s.other);
    const theirs = (await other.bankAccounts.list())[0].bankAccountId;
    await expect(api.pay(doc.recordId, { ...body, bankAccountId: theirs })).rejects.toMatchObject({
      name: "ValidationError", message: formatMessage(MESSAGES.paymentChannelNotConfigured, { method: "Transfer", field: "bankAccountId" }),
    });
    expect((await api.pay(doc.recordId, body)).statusString).toBe("paid");
  });

  it("a document of another company is not found", async () => {
    const doc = await s.c.documents("cash-invoices").create(s.simpleBody());
    const other = recordedClient(s.service.root, s.other);
    await expect(other.documents("cash-invoices").pay(doc.recordId, { paymentStructureType: "PaymentReceivingCash", documentId: doc.recordId, paymentMethod: 1, paymentDate: today, collected: 214 }))
      .rejects.toBeInstanceOf(NotFoundError);
  });
});

describe("partial receipts", () => {
  /** The partial receipt body, with the document fields the 2020 description requires of POST /receipts. */
  const partial = (invoice: DocumentRecord, amount: number, extra: JsonBody = {}): PartialReceiptBody & PartialReceiptUpdateBody => ({
    contactName: s.contactName, publishedOn: today, dueDate: today, documentStructureType: "SimpleDocument" as const, isBatchDocument: true, partialPaymentMethod: 11,
    creditType: 3, documentReference: [], totalAfterDiscount: amount, grandTotal: amount, total: amount,
    items: [{ documentStructureType: "SimpleDocument", type: 1, name: `Payment of ${invoice.documentSerial}`, quantity: 1, unitName: "", pricePerUnit: amount, total: amount, documentId: invoice.recordId, documentType: 7, partialAmount: amount }],
    ...extra,
  });

  it("creates and updates a partial receipt; the invoice is paid once fully paid", async () => {
    const invoice = await s.c.documents("tax-invoices").create(s.simpleBody());
    const receipts = s.c.documents("receipts");
    const first = await receipts.partialReceipt(partial(invoice, 100));
    expect(first).toMatchObject({ documentType: 9, statusString: "awaiting", grandTotal: 100, referencedByMe: [expect.objectContaining({ referenceId: invoice.recordId, type: 11 })] });
    await expect(receipts.partialReceipt(partial(invoice, 114.01))).rejects.toMatchObject({
      name: "ValidationError", message: formatMessage(MESSAGES.partialAmountAboveRemaining, { given: "114.01", remaining: "114.00", serial: invoice.documentSerial }),
    });
    const updated = await receipts.updatePartialReceipt(first.recordId, partial(invoice, 214, { documentStructureType: "UpdateSimpleDocument", contactId: invoice.contactId, companyName: "Demo Co., Ltd.", companyBranch: "สำนักงานใหญ่" }));
    expect(updated.grandTotal).toBe(214);
    expect((await s.c.documents("tax-invoices").get(invoice.recordId)).statusString).toBe("paid");
  });

  it("plain receipt creation is refused as the real service refuses it", async () => {
    await expect(s.c.documents("receipts").partialReceipt(s.simpleBody())).rejects.toMatchObject({ name: "ValidationError", message: MESSAGES.receiptObsoleted });
  });
});

it("sent only bodies that validate against openapi-2020.yaml", () => {
  expect(recorded.length).toBeGreaterThan(15);
  expect(bodyProblems()).toEqual([]);
});
