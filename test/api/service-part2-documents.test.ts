// The client's upgrade, payment and partial-receipt operations against the real local service
// (embedded store), with every body checked against openapi-2020.yaml where the operation is
// described there (upgrades are newer and are not).
import type { DocSheetClient } from "../../src/api/client";
import { NotFoundError, ValidationError } from "../../src/api/errors";
import type { DocumentRecord, JsonBody } from "../../src/api/types";
import { MESSAGES, formatMessage } from "../../src/rules/messages";
import { startTestService, type TestService } from "../helpers/service";
import { bodyProblems, OTHER, recorded, recordedClient } from "./helpers/client";

jest.setTimeout(120_000);

let service: TestService;
let c: DocSheetClient;
let contactId: number;
let contactName: string;
let bankAccountId: number;

beforeAll(async () => {
  service = await startTestService();
  c = recordedClient(service.root);
  const contacts = await c.contacts.list({ currentPage: 1, pageSize: 20 });
  const customer = contacts.list.find((x) => x.contactType === 3 || x.contactType === 7)!;
  contactId = customer.id;
  contactName = customer.contactName;
  bankAccountId = (await c.bankAccounts.list())[0].bankAccountId;
}, 120_000);
afterAll(() => service?.stop());

const today = new Date().toISOString().slice(0, 10);

/** 2 × 100 + 7 % VAT, valid for the service and the 2020 description. */
function simpleBody(extra: JsonBody = {}): JsonBody {
  return {
    contactId, contactName, documentStructureType: "SimpleDocument", publishedOn: today, dueDate: today, creditType: 1, creditDays: 0,
    isVatInclusive: false, isVat: true, subTotal: 200, discountPercentage: 0, discountAmount: 0, totalAfterDiscount: 200, vatAmount: 14,
    grandTotal: 214, total: 214,
    items: [{ documentStructureType: "SimpleDocument", type: 1, name: "Pen", description: "Blue pen", quantity: 2, unitName: "pcs", pricePerUnit: 100, total: 200 }],
    ...extra,
  };
}

function inlineBody(extra: JsonBody = {}): JsonBody {
  return {
    ...simpleBody(), documentStructureType: "InlineDocument", useInlineDiscount: true, useInlineVat: true, discountType: 3,
    subTotal: 300, discountAmount: 10, totalAfterDiscount: 290, exemptAmount: 100, vatableAmount: 190, vatAmount: 13.3, grandTotal: 303.3, total: 303.3,
    items: [
      { documentStructureType: "InlineDocument", type: 1, name: "Taxed", quantity: 2, unitName: "pcs", pricePerUnit: 100, discountAmount: 10, vatRate: 7, total: 190 },
      { documentStructureType: "InlineDocument", type: 1, name: "Exempt", quantity: 1, unitName: "pcs", pricePerUnit: 100, discountAmount: 0, vatRate: -1, total: 100 },
    ],
    ...extra,
  };
}

const ref = (d: DocumentRecord) => ({ recordId: d.recordId, referenceDocumentSerial: d.documentSerial, referenceDocumentType: d.documentType });
const transfer = (form: "Simple" | "Inline", collected: number): JsonBody => ({
  documentPaymentStructureType: `${form}DocumentWithPaymentReceivingTransfer`, paymentMethod: 5, paymentDate: today, collected, bankAccountId,
});

describe("upgrades", () => {
  it("quotation → billing note → tax invoice (paid) → receipt, every link shown on both sides", async () => {
    const quote = await c.documents("quotations").create(simpleBody());
    const note = await c.documents("billing-notes").upgrade(simpleBody({ documentReference: [ref(quote)] }));
    expect(note.documentSerial).toMatch(/^BL/);
    expect((await c.documents("quotations").get(quote.recordId)).statusString).toBe("approvedandprocessed");
    const invoice = await c.documents("tax-invoices").upgradeWithPayment(simpleBody({ ...transfer("Simple", 214), documentReference: [ref(note)] }));
    expect(invoice).toMatchObject({ statusString: "paid", payments: expect.objectContaining({ paymentMethod: 5, collected: 214, bankAccountId }) });
    const receipt = await c.documents("receipts").upgradeInline(inlineBody({ documentReference: [ref(invoice)] }));
    expect(receipt.referencedByMe).toEqual([expect.objectContaining({ referenceId: invoice.recordId, documentId: receipt.recordId, documentType: 9, type: 1 })]);
    const noteAfter = await c.documents("billing-notes").get(note.recordId);
    expect(noteAfter.referencedByMe?.[0]).toMatchObject({ referenceId: quote.recordId, type: 1 });
    expect(noteAfter.referencedToMe?.[0]).toMatchObject({ documentId: invoice.recordId, documentType: 7, type: 1 });
  });

  it("purchase order → purchase, inline with payment", async () => {
    const po = await c.documents("purchases-orders").createInline(inlineBody());
    const purchase = await c.documents("purchases").upgradeInlineWithPayment(inlineBody({
      documentReference: [ref(po)], documentPaymentStructureType: "InlineDocumentWithPaymentPaidCash", paymentMethod: 1, paymentDate: today, collected: 303.3,
    }));
    expect(purchase.statusString).toBe("paid");
    expect((await c.documents("purchases-orders").get(po.recordId)).statusString).toBe("approvedandprocessed");
  });

  it("a source of another company is a ValidationError with the service's message", async () => {
    const theirs = await recordedClient(service.root, OTHER).documents("quotations").create(simpleBody({ contactId: undefined }));
    const err = await c.documents("billing-notes").upgrade(simpleBody({ documentReference: [ref(theirs)] })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ValidationError);
    expect((err as ValidationError).message).toBe(formatMessage(MESSAGES.upgradeSourceNotFound, { recordId: theirs.recordId }));
  });
});

describe("payments", () => {
  it("creates paid documents with payment, simple and inline", async () => {
    const simple = await c.documents("tax-invoices").createWithPayment(simpleBody(transfer("Simple", 214)));
    const inline = await c.documents("cash-invoices").createInlineWithPayment(inlineBody(transfer("Inline", 303.3)));
    expect([simple.statusString, inline.statusString]).toEqual(["paid", "paid"]);
    expect(inline.payments).toMatchObject({ collected: 303.3, bankAccountNumber: expect.any(String) });
  });

  it("pays an existing document; paying again is refused", async () => {
    const api = c.documents("tax-invoices");
    const doc = await api.create(simpleBody());
    const body = { paymentStructureType: "PaymentReceivingCash", documentId: doc.recordId, paymentMethod: 1, paymentDate: today, collected: 208, withheldPercentage: 3, withheldAmount: 6 };
    const paid = await api.pay(doc.recordId, body);
    expect(paid).toMatchObject({ recordId: doc.recordId, statusString: "paid", payments: expect.objectContaining({ collected: 208, withheldAmount: 6 }) });
    await expect(api.pay(doc.recordId, body)).rejects.toMatchObject({ name: "ValidationError", message: formatMessage(MESSAGES.paymentAlreadyPaid, { serial: doc.documentSerial }) });
  });

  it("pays a purchase by transfer from the company's bank account; another company's account is refused", async () => {
    const api = c.documents("purchases");
    const doc = await api.create(simpleBody());
    const body = { paymentStructureType: "PaymentPaidTransfer", documentId: doc.recordId, paymentMethod: 5, paymentDate: today, collected: 214, bankAccountId };
    const other = recordedClient(service.root, OTHER);
    const theirs = (await other.bankAccounts.list())[0].bankAccountId;
    await expect(api.pay(doc.recordId, { ...body, bankAccountId: theirs })).rejects.toMatchObject({
      name: "ValidationError", message: formatMessage(MESSAGES.paymentChannelNotConfigured, { method: "Transfer", field: "bankAccountId" }),
    });
    expect((await api.pay(doc.recordId, body)).statusString).toBe("paid");
  });

  it("a document of another company is not found", async () => {
    const doc = await c.documents("cash-invoices").create(simpleBody());
    const other = recordedClient(service.root, OTHER);
    await expect(other.documents("cash-invoices").pay(doc.recordId, { paymentStructureType: "PaymentReceivingCash", documentId: doc.recordId, paymentMethod: 1, paymentDate: today, collected: 214 }))
      .rejects.toBeInstanceOf(NotFoundError);
  });
});

describe("partial receipts", () => {
  /** The partial receipt body, with the document fields the 2020 description requires of POST /receipts. */
  const partial = (invoice: DocumentRecord, amount: number, extra: JsonBody = {}): JsonBody => ({
    contactName, publishedOn: today, dueDate: today, documentStructureType: "SimpleDocument", isBatchDocument: true, partialPaymentMethod: 11,
    creditType: 3, documentReference: [], totalAfterDiscount: amount, grandTotal: amount, total: amount,
    items: [{ documentStructureType: "SimpleDocument", type: 1, name: `Payment of ${invoice.documentSerial}`, quantity: 1, unitName: "", pricePerUnit: amount, total: amount, documentId: invoice.recordId, documentType: 7, partialAmount: amount }],
    ...extra,
  });

  it("creates and updates a partial receipt; the invoice is paid once fully paid", async () => {
    const invoice = await c.documents("tax-invoices").create(simpleBody());
    const receipts = c.documents("receipts");
    const first = await receipts.partialReceipt(partial(invoice, 100));
    expect(first).toMatchObject({ documentType: 9, statusString: "awaiting", grandTotal: 100, referencedByMe: [expect.objectContaining({ referenceId: invoice.recordId, type: 11 })] });
    await expect(receipts.partialReceipt(partial(invoice, 114.01))).rejects.toMatchObject({
      name: "ValidationError", message: formatMessage(MESSAGES.partialAmountAboveRemaining, { given: "114.01", remaining: "114.00", serial: invoice.documentSerial }),
    });
    const updated = await receipts.updatePartialReceipt(first.recordId, partial(invoice, 214, { documentStructureType: "UpdateSimpleDocument", contactId: invoice.contactId, companyName: "Demo Co., Ltd.", companyBranch: "สำนักงานใหญ่" }));
    expect(updated.grandTotal).toBe(214);
    expect((await c.documents("tax-invoices").get(invoice.recordId)).statusString).toBe("paid");
  });

  it("plain receipt creation is refused as the real service refuses it", async () => {
    await expect(c.documents("receipts").partialReceipt(simpleBody())).rejects.toMatchObject({ name: "ValidationError", message: MESSAGES.receiptObsoleted });
  });
});

it("sent only bodies that validate against openapi-2020.yaml", () => {
  expect(recorded.length).toBeGreaterThan(15);
  expect(bodyProblems()).toEqual([]);
});
