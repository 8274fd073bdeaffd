// The act job's upgrade on the in-memory grid against the real local service (child process):
// quotation → tax invoice → receipt with payment, the links both documents show, the write-back,
// never twice (a filled upgradedRecordId; a lost write-back found through the source's links),
// refusals in the row, and a target the family cannot be upgraded to.
import { actJob } from "../../src/jobs/act";
import { postJob } from "../../src/jobs/post";
import { UpgradeTargetError } from "../../src/jobs/upgrade";
import { MESSAGES, formatMessage } from "../../src/rules/messages";
import { RULES_EN } from "../../src/sheet/i18n/en";
import { upgradeTargets, type Family } from "../../src/rules/codes";
import { statusText } from "../../src/sheet/i18n/status";
import { MemoryWorkbook } from "../../src/workbook/memory";
import type { CellValue } from "../../src/workbook/port";
import { jobsService, now, col, cell } from "./service";

jest.setTimeout(120_000);

const svc = jobsService();

/** A posted sheet of one two-line quotation per key; answers the book and its header. */
async function postedQuotations(keys: string[]): Promise<MemoryWorkbook> {
  const rows: CellValue[][] = [["documentKey", "Customer", "Date", "isVat", "Item", "Qty", "Unit price"]];
  for (const k of keys) rows.push([k, `Upgrade ${k} Co`, "2026-03-01", true, "Pen", 3, 100], [k, null, null, null, "Ink", 2, "12.50"]);
  const wb = new MemoryWorkbook({ S: rows });
  const out = await postJob(wb, svc.client, { family: "quotations", now });
  expect(out.counts.created).toBe(keys.length);
  return wb;
}

const total = async (family: Family): Promise<number> => (await svc.client.documents(family).list({ pageSize: 1 })).total;

describe("act upgrade", () => {
  it("knows the allowed targets of each family", () => {
    expect(upgradeTargets("quotations")).toEqual(["billing-notes", "tax-invoices", "cash-invoices", "purchases-orders"]);
    expect(upgradeTargets("billing-notes")).toEqual(["tax-invoices", "receipts", "cash-invoices"]);
    expect(upgradeTargets("tax-invoices")).toEqual(["receipts"]);
    expect(upgradeTargets("purchases-orders")).toEqual(["purchases"]);
    expect(upgradeTargets("receipts")).toEqual([]);
  });

  it("a selected row never posted is skipped, and its Result cell says so (in the run's language)", async () => {
    const qt = await postedQuotations(["skip1"]);
    const values = qt.sheet("S").values;
    values.push(["n1", "Never Co", "2026-03-01", true, "Pen", 1, 10]);
    const out = await actJob(qt, svc.client, { family: "quotations", action: { kind: "upgrade", to: "billing-notes" }, rows: [1, 3], now, lang: "th" });
    expect(out).toMatchObject({ done: 1, failed: 0, skipped: 1 });
    expect(cell(qt, 3, "result")).toBe("ข้าม: ยังไม่ได้ส่ง (ไม่มีรหัสเอกสาร)");
    expect(String(cell(qt, 1, "result"))).toMatch(/^แปลงเป็น/);
  });

  it("quotation → tax invoice → receipt with payment: links on both documents, results in the rows, a second run creates nothing", async () => {
    const qt = await postedQuotations(["q1"]);
    const qtId = cell(qt, 1, "recordId") as number;
    const invoicesBefore = await total("tax-invoices");

    const up = await actJob(qt, svc.client, { family: "quotations", action: { kind: "upgrade", to: "tax-invoices" }, now });
    expect(up).toMatchObject({ done: 1, failed: 0, skipped: 0 });
    expect(qt.sheet("S").values[0].slice(-3)).toEqual(["upgradedTo", "upgradedRecordId", "upgradedSerial"]);
    const invId = cell(qt, 1, "upgradedRecordId") as number;
    const invSerial = cell(qt, 1, "upgradedSerial") as string;
    for (const row of [1, 2]) {
      expect(cell(qt, row, "upgradedTo")).toBe("tax-invoices");
      expect(cell(qt, row, "upgradedRecordId")).toBe(invId);
      expect(cell(qt, row, "status")).toBe("processed");
      expect(cell(qt, row, "result")).toBe(`upgraded to tax invoice ${invSerial}`);
    }
    expect(invSerial).toMatch(/^INV/);

    const quotation = await svc.client.documents("quotations").get(qtId);
    const invoice = await svc.client.documents("tax-invoices").get(invId);
    expect(quotation.statusString).toBe("approvedandprocessed");
    expect(invoice).toMatchObject({ contactName: "Upgrade q1 Co", isVat: true, grandTotal: quotation.grandTotal, vatAmount: quotation.vatAmount, statusString: "awaiting" });
    expect(invoice.grandTotal).toBe(347.75); // (300 + 25) × 1.07
    expect(invoice.items?.map((i) => [i.name, i.quantity, i.pricePerUnit])).toEqual([["Pen", 3, 100], ["Ink", 2, 12.5]]);
    expect(invoice.referencedByMe).toEqual([expect.objectContaining({ referenceId: qtId, documentId: invId, documentType: 7 })]);
    expect(quotation.referencedToMe).toEqual([expect.objectContaining({ referenceId: qtId, documentId: invId, documentSerial: invSerial })]);

    // A second run: the row says it is done, the service gets nothing.
    const again = await actJob(qt, svc.client, { family: "quotations", action: { kind: "upgrade", to: "tax-invoices" }, now });
    expect(again).toMatchObject({ done: 0, failed: 0, skipped: 1 });
    for (const row of [1, 2]) expect(cell(qt, row, "result")).toBe(`already upgraded (record ${invId})`); // skipped rows say why too
    expect(await total("tax-invoices")).toBe(invoicesBefore + 1);

    // The tax invoice in its own sheet, with a payment column: the receipt is made with payment.
    const ti = new MemoryWorkbook({ S: [
      ["documentKey", "recordId", "documentSerial", "Customer", "paymentMethod", "Payment date"],
      ["t1", invId, invSerial, "Upgrade q1 Co", "cash", "2026-03-06"],
    ] });
    const receiptsBefore = await total("receipts");
    const paid = await actJob(ti, svc.client, { family: "tax-invoices", action: { kind: "upgrade", to: "receipts" }, now });
    expect(paid).toMatchObject({ done: 1, failed: 0 });
    const reId = cell(ti, 1, "upgradedRecordId") as number;
    const receipt = await svc.client.documents("receipts").get(reId);
    expect(receipt).toMatchObject({ statusString: "paid", grandTotal: 347.75, documentSerial: cell(ti, 1, "upgradedSerial") });
    expect(receipt.payments).toMatchObject({ paymentMethod: 1, collected: 347.75, paymentDate: "2026-03-06" });
    expect(cell(ti, 1, "result")).toBe(`upgraded to receipt ${receipt.documentSerial} with payment`);
    expect(receipt.referencedByMe).toEqual([expect.objectContaining({ referenceId: invId, documentId: reId })]);
    const invoiceAfter = await svc.client.documents("tax-invoices").get(invId);
    expect(invoiceAfter.referencedToMe).toEqual([expect.objectContaining({ referenceId: invId, documentId: reId, documentType: 9 })]);
    // The source's status after the upgrade, as people say it.
    expect(cell(ti, 1, "status")).toBe(statusText(invoiceAfter.statusString!, "en", "tax-invoices"));

    // The write-back lost (cells cleared): the source's link is found, nothing is made again.
    ti.sheet("S").values[1][col(ti, "upgradedRecordId")] = null;
    const found = await actJob(ti, svc.client, { family: "tax-invoices", action: { kind: "upgrade", to: "receipts" }, now });
    expect(found).toMatchObject({ done: 1, failed: 0 });
    expect(cell(ti, 1, "upgradedRecordId")).toBe(reId);
    expect(cell(ti, 1, "result")).toMatch(/found from an earlier run/);
    expect(await total("receipts")).toBe(receiptsBefore + 1);
  });

  it("acts on the selected rows only, and an inline source stays inline", async () => {
    const qt = await postedQuotations(["s1", "s2"]);
    const secondId = cell(qt, 3, "recordId") as number;
    const out = await actJob(qt, svc.client, { family: "quotations", action: { kind: "upgrade", to: "billing-notes" }, rows: [3], now });
    expect(out).toMatchObject({ done: 1, failed: 0 });
    expect(cell(qt, 1, "upgradedRecordId")).toBeNull();
    const note = await svc.client.documents("billing-notes").get(cell(qt, 3, "upgradedRecordId") as number);
    expect(note.referencedByMe).toEqual([expect.objectContaining({ referenceId: secondId })]);

    const inline = new MemoryWorkbook({ S: [
      ["documentKey", "Customer", "Date", "isVat", "Item", "Qty", "Unit price", "Line discount", "VAT rate"],
      ["i1", "Inline Co", "2026-03-01", true, "A", 2, 500, 10, 7],
      ["i1", null, null, null, "B", 1, 100, null, -1],
    ] });
    await postJob(inline, svc.client, { family: "quotations", now });
    await actJob(inline, svc.client, { family: "quotations", action: { kind: "upgrade", to: "cash-invoices" }, now });
    const source = await svc.client.documents("quotations").get(inline.sheet("S").values[1][9] as number);
    const made = await svc.client.documents("cash-invoices").get(cell(inline, 1, "upgradedRecordId") as number);
    expect(made).toMatchObject({ documentStructureType: "InlineDocument", grandTotal: source.grandTotal, exemptAmount: source.exemptAmount });
    expect(made.items?.map((i) => [i.name, i.discountAmount, i.vatRate])).toEqual([["A", 10, 7], ["B", 0, -1]]);
  });

  it("purchase order → purchase", async () => {
    const po = new MemoryWorkbook({ S: [["documentKey", "Vendor", "Date", "isVat", "Item", "Qty", "Unit price"], ["o1", "Supplier Co", "2026-03-01", true, "Paper", 10, 20]] });
    await postJob(po, svc.client, { family: "purchases-orders", now });
    const out = await actJob(po, svc.client, { family: "purchases-orders", action: { kind: "upgrade", to: "purchases" }, now });
    expect(out).toMatchObject({ done: 1, failed: 0 });
    const purchase = await svc.client.documents("purchases").get(cell(po, 1, "upgradedRecordId") as number);
    expect(purchase).toMatchObject({ contactName: "Supplier Co", grandTotal: 214, documentType: 23 });
    expect(cell(po, 1, "status")).toBe("processed");
  });

  it("a refused upgrade leaves the service's message in the row and makes nothing", async () => {
    const qt = await postedQuotations(["r1"]);
    const id = cell(qt, 1, "recordId") as number;
    const serial = cell(qt, 1, "documentSerial") as string;
    await svc.client.documents("quotations").setStatus(id, "rejected");
    const before = await total("billing-notes");
    const out = await actJob(qt, svc.client, { family: "quotations", action: { kind: "upgrade", to: "billing-notes" }, now });
    expect(out).toMatchObject({ done: 0, failed: 1 });
    const message = formatMessage(MESSAGES.upgradeSourceState, { serial, status: "rejected" });
    expect(cell(qt, 1, "result")).toContain(message);
    expect(cell(qt, 2, "result")).toContain(message);
    expect(cell(qt, 1, "upgradedRecordId")).toBeNull();
    expect(await total("billing-notes")).toBe(before);
  });

  it("a payment the service refuses on an upgrade with payment is reported in the row", async () => {
    const qt = await postedQuotations(["p1"]);
    const sheet = qt.sheet("S").values;
    sheet[0].push("paymentMethod");
    sheet[1].push("transfer");
    const before = await total("tax-invoices");
    const out = await actJob(qt, svc.client, { family: "quotations", action: { kind: "upgrade", to: "tax-invoices" }, now });
    expect(out).toMatchObject({ failed: 1 });
    expect(cell(qt, 1, "result")).toContain(RULES_EN.paymentTransferBankAccountId);
    expect(await total("tax-invoices")).toBe(before);
  });

  it("refuses a target the family cannot be upgraded to before touching the sheet", async () => {
    const qt = await postedQuotations(["x1"]);
    const width = qt.sheet("S").values[0].length;
    await expect(actJob(qt, svc.client, { family: "quotations", action: { kind: "upgrade", to: "receipts" }, now })).rejects.toThrow(UpgradeTargetError);
    await expect(actJob(qt, svc.client, { family: "receipts", action: { kind: "upgrade", to: "tax-invoices" }, now })).rejects.toThrow(/cannot be upgraded/);
    expect(qt.sheet("S").values[0]).toHaveLength(width);
  });
});
