// Choosing the operation and building the body from rows (pure, on the memory grid).
import { MemoryWorkbook } from "../../src/workbook/memory";
import { readDocuments } from "../../src/sheet/read";
import { buildDocument } from "../../src/sheet/body";
import { checkSheet } from "../../src/sheet/check";
import { documentMarker, hasMarker } from "../../src/sheet/marker";
import type { Family } from "../../src/rules/codes";
import type { CellValue } from "../../src/workbook/port";

async function build(family: Family, header: string[], ...rows: CellValue[][]) {
  const read = readDocuments(await new MemoryWorkbook({ S: [header, ...rows] }).read());
  expect(read.findings.filter((f) => f.severity === "error")).toEqual([]);
  return read.documents.map((d) => buildDocument(d, family, read.layout, { today: "2026-03-01", marker: "docsheet:x:1" }));
}

const BASE = ["Customer", "Date", "isVat", "Item", "Qty", "Unit price"];

describe("the operation of each document", () => {
  it("simple by default, with totals computed and the marker in internalNotes", async () => {
    const [b] = await build("tax-invoices", [...BASE, "internalNotes"], ["Acme", null, true, "Pen", 3, "1,000.10", "keep me"]);
    expect(b.operation).toBe("create");
    expect(b.body).toMatchObject({
      documentStructureType: "SimpleDocument", publishedOn: "2026-03-01", dueDate: "2026-03-01",
      subTotal: 3000.3, totalAfterDiscount: 3000.3, vatAmount: 210.02, grandTotal: 3210.32,
      internalNotes: "keep me\ndocsheet:x:1",
      items: [{ name: "Pen", quantity: 3, pricePerUnit: 1000.1, total: 3000.3 }],
    });
  });

  it("inline when a line has its own discount or VAT rate", async () => {
    const [b] = await build("quotations", [...BASE, "VAT rate", "Line discount"], ["Acme", "2026-01-01", true, "Book", 1, 100, "exempt", 10]);
    expect(b.operation).toBe("createInline");
    expect(b.body).toMatchObject({ documentStructureType: "InlineDocument", useInlineDiscount: true, useInlineVat: true, exemptAmount: 90, vatAmount: 0, grandTotal: 90 });
  });

  it("with payment when payment columns are filled", async () => {
    const [b] = await build("purchases", [...BASE, "Payment method", "bankAccountId"], ["Vendor", "2026-01-01", true, "Ink", 1, 100, "transfer", 12]);
    expect(b.operation).toBe("createWithPayment");
    expect(b.body).toMatchObject({ paymentMethod: 5, bankAccountId: 12, paymentDate: "2026-01-01", collected: 107, documentPaymentStructureType: "SimpleDocumentWithPaymentPaidTransfer" });
    const [e] = await build("expenses", [...BASE, "paymentMethod"], ["Taxi", "2026-01-01", false, "Ride", 1, 100, "cash"]);
    expect(e.body.expensePaymentStructureType).toBe("ExpenseSimpleDocumentWithPaymentPaidCash");
  });

  it("an upgrade when the source columns are filled; the source type comes from the serial", async () => {
    const [b] = await build("tax-invoices", [...BASE, "source.recordId", "Source document"], ["Acme", "2026-01-01", true, "Pen", 1, 100, 41, "QT2026010007"]);
    expect(b.operation).toBe("upgrade");
    expect(b.body.documentReference).toEqual([{ recordId: 41, referenceDocumentSerial: "QT2026010007", referenceDocumentType: 3 }]);
    const [p] = await build("receipts", [...BASE, "source.recordId", "Source document", "paymentMethod"], ["Acme", "2026-01-01", true, "Pen", 1, 100, 9, "INV2026010001", 1]);
    expect(p.operation).toBe("upgradeWithPayment");
  });

  it("a partial receipt for receipts against tax invoices", async () => {
    const [b] = await build("receipts", ["Customer", "documentKey", "item.documentId", "item.partialAmount"], ["Acme", "r1", 7, "1,000.50"], [null, "r1", 8, 99.5]);
    expect(b.operation).toBe("partialReceipt");
    expect(b.body).toMatchObject({ isBatchDocument: true, partialPaymentMethod: 11, creditType: 3, grandTotal: 1100, items: [{ documentId: 7, documentType: 7, partialAmount: 1000.5 }, { documentId: 8, documentType: 7, partialAmount: 99.5 }] });
  });

  it("refuses what the family cannot do, at the cell that asks for it", async () => {
    const [r] = await build("receipts", BASE, ["Acme", "2026-01-01", true, "Pen", 1, 100]);
    expect(r.findings[0].message).toMatch(/created from a tax invoice or billing note/);
    const [q] = await build("quotations", [...BASE, "paymentMethod"], ["Acme", "2026-01-01", true, "Pen", 1, 100, "cash"]);
    expect(q.findings[0]).toMatchObject({ cell: "G2", field: "paymentMethod" });
  });
});

describe("check findings at cells", () => {
  it("a wrong line total points at that line's total cell; a missing required field at the empty cell of its column", async () => {
    const read = readDocuments(await new MemoryWorkbook({ S: [
      ["documentKey", ...BASE, "item.total"],
      ["1", "Acme", "2026-01-01", true, "Pen", 2, 10, 20],
      ["1", null, null, null, "Ink", 1, 5, 6],
      ["2", null, "2026-01-01", true, "Pen", 1, 1, null],
    ] }).read());
    const { findings } = checkSheet(read, "tax-invoices", "2026-03-01");
    // The s.86/4 warnings (no buyer's address: test/sheet/tax-invoice.test.ts) are not errors.
    expect(findings.filter((f) => f.severity === "error").map((f) => [f.cell, f.field])).toEqual([["H3", "item.total"], ["B4", "contactName"]]);
    expect(findings.find((f) => f.cell === "H3")!.message).toMatch(/total is 6\.00 but/);
  });
});

describe("markers", () => {
  it("depend on the sheet and the document's cells, not on its results", async () => {
    const rows: CellValue[][] = [["documentKey", "Customer", "Item", "recordId"], ["k 1", "Acme", "Pen", null]];
    const a = readDocuments(await new MemoryWorkbook({ S: rows }).read());
    const m = documentMarker("S", a.documents[0]);
    expect(m).toMatch(/^docsheet:[0-9a-z]{7,}:k_1$/);
    rows[1][3] = 5;
    expect(documentMarker("S", readDocuments(await new MemoryWorkbook({ S: rows }).read()).documents[0])).toBe(m);
    expect(documentMarker("Other", a.documents[0])).not.toBe(m);
    rows[1][2] = "Ink";
    expect(documentMarker("S", readDocuments(await new MemoryWorkbook({ S: rows }).read()).documents[0])).not.toBe(m);
    expect(hasMarker(`notes\n${m}`, m)).toBe(true);
    expect(hasMarker(`${m}0`, m)).toBe(false);
  });
});
