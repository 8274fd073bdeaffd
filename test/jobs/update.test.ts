// Update from the sheet on PostgreSQL, on the in-memory grid against the real local service: the
// preview matches the edits, only changed documents are sent (PUTs counted on the wire), a document
// changed on the service in between is a conflict, one that is not awaiting is refused, a dry run
// sends and writes nothing, a pulled sheet updates with the fingerprints the pull wrote, and an
// awaiting partial receipt is updated (its tax invoice's remaining balance following) while a
// cancelled one is refused.
import { createClient, type DocSheetClient } from "../../src/api";
import { postJob } from "../../src/jobs/post";
import { pullJob } from "../../src/jobs/pull";
import { updateJob } from "../../src/jobs/update";
import { fieldForHeader } from "../../src/sheet/fields";
import { MemoryWorkbook } from "../../src/workbook/memory";
import type { CellValue } from "../../src/workbook/port";
import { oneStore } from "../helpers/service";
import { fileCompaniesIn, type FileCompany, type SharedService } from "../helpers/shared-service";
import { cell, col, now } from "./service";
import { asUpdate } from "../helpers/wire-bodies";

jest.setTimeout(180_000);

const HEADER = ["documentKey", "Customer", "Date", "VAT", "Item", "Qty", "Unit price", "Remarks"];

function sheet(prefix: string, n: number): CellValue[][] {
  const rows: CellValue[][] = [HEADER];
  for (let i = 1; i <= n; i++) {
    rows.push([`${prefix}${i}`, `${prefix} Co ${i}`, "2026-03-01", true, "Pen", 3, 100, "first"]);
    rows.push([`${prefix}${i}`, null, null, null, "Ink", 2, 12.5, null]);
  }
  return rows;
}

describe.each(oneStore("postgres"))("update from the sheet (%s)", (store) => {
  // The jest worker's shared service (PostgreSQL), with companies of the file's own.
  let service: SharedService;
  let demo: FileCompany;
  let client: DocSheetClient;
  const puts: string[] = [];
  const gets: string[] = [];
  beforeAll(async () => {
    ({ service, demo } = await fileCompaniesIn());
    // The wire, watched: every PUT and GET the client sends.
    const watched: typeof fetch = (input, init) => {
      if (init?.method === "PUT") puts.push(String(input));
      if ((init?.method ?? "GET") === "GET") gets.push(new URL(String(input)).pathname.replace(/^.*\/test\//, ""));
      return fetch(input, init);
    };
    client = createClient({ root: service.root, ...demo, fetch: watched });
  });

  async function posted(prefix: string, n: number): Promise<MemoryWorkbook> {
    const wb = new MemoryWorkbook({ S: sheet(prefix, n) });
    const out = await postJob(wb, client, { family: "quotations", now });
    expect(out.counts.created).toBe(n);
    expect(String(cell(wb, 1, "fingerprint"))).toMatch(/^2\.[0-9a-f]{16}\./);
    return wb;
  }

  it("previews the edits field by field, sends only the changed documents, and renews their fingerprint", async () => {
    const wb = await posted("u", 3);
    const s = wb.sheet("S").values;
    s[1][col(wb, "Customer")] = "u Co 1 (renamed)";
    s[2][col(wb, "Unit price")] = 15; // u1's second line
    s[5][col(wb, "Remarks")] = "second"; // u3
    const before = cell(wb, 1, "fingerprint");
    const ids = [1, 3, 5].map((r) => cell(wb, r, "recordId") as number);

    puts.length = 0;
    const preview = await updateJob(wb, client, { family: "quotations", now, dryRun: true });
    expect(preview.counts).toMatchObject({ update: 2, unchanged: 1 });
    const [u1, u2, u3] = preview.results;
    expect(u1.kind).toBe("update");
    expect(u1.changes).toEqual([
      { field: "Customer", from: "u Co 1", to: "u Co 1 (renamed)" },
      { field: "Line 2 unit price", from: "12.50", to: "15.00" },
      { field: "Subtotal", from: "325.00", to: "330.00" },
      { field: "Total after discount", from: "325.00", to: "330.00" },
      { field: "VAT amount", from: "22.75", to: "23.10" },
      { field: "Grand total", from: "347.75", to: "353.10" },
    ]);
    expect(u2).toMatchObject({ kind: "unchanged", changes: [] });
    expect(u3.changes).toEqual([{ field: "Remarks", from: "first", to: "second" }]);
    // A dry run sends nothing and writes nothing.
    expect(puts).toEqual([]);
    expect(cell(wb, 1, "result")).toBe("created");
    expect((await client.documents("quotations").get(ids[0])).contactName).toBe("u Co 1");

    const run = await updateJob(wb, client, { family: "quotations", now, lang: "th" });
    expect(run.counts).toMatchObject({ updated: 2, unchanged: 1 });
    expect(puts.map((u) => u.replace(/^.*\/quotations\//, ""))).toEqual(expect.arrayContaining([String(ids[0]), String(ids[2])]));
    expect(puts).toHaveLength(2);
    expect(cell(wb, 1, "result")).toBe("แก้ไขแล้ว: ชื่อลูกค้า, ราคาต่อหน่วยของรายการที่ 2, รวมเป็นเงิน, ราคาหลังหักส่วนลด, ภาษีมูลค่าเพิ่ม 7%, จำนวนเงินรวมทั้งสิ้น");
    expect(cell(wb, 2, "result")).toBe(cell(wb, 1, "result"));
    expect(cell(wb, 3, "result")).toBe("ไม่มีการเปลี่ยนแปลง");
    const u1Now = await client.documents("quotations").get(ids[0]);
    expect(u1Now).toMatchObject({ contactName: "u Co 1 (renamed)", grandTotal: 353.1, statusString: "awaiting" });
    expect((u1Now.items as Array<{ pricePerUnit: number }>).map((i) => i.pricePerUnit)).toEqual([100, 15]);
    // The post's marker stays below the notes, so a repost of the sheet still finds the document.
    expect(String(u1Now.internalNotes)).toMatch(/docsheet:/);
    expect(cell(wb, 1, "fingerprint")).not.toBe(before);

    // Renewed: the sheet now matches the service, so nothing is a conflict and nothing is sent.
    puts.length = 0;
    const again = await updateJob(wb, client, { family: "quotations", now });
    expect(again.counts).toMatchObject({ unchanged: 3, conflict: 0 });
    expect(puts).toEqual([]);
  });

  it("does not send a document the service changed since the sheet saw it, and says what changed there", async () => {
    const wb = await posted("c", 1);
    const id = cell(wb, 1, "recordId") as number;
    // Someone else edits the document on the service (over HTTP).
    const theirs = await client.documents("quotations").get(id);
    await client.documents("quotations").update(id, asUpdate({ ...theirs, remarks: "changed on the service", documentStructureType: "UpdateSimpleDocument" }));
    wb.sheet("S").values[1][col(wb, "Qty")] = 4;

    puts.length = 0;
    const out = await updateJob(wb, client, { family: "quotations", now });
    expect(out.counts).toMatchObject({ conflict: 1, updated: 0 });
    expect(puts).toEqual([]);
    expect(out.results[0].message).toBe("not sent: changed on the service since the sheet last saw it (Remarks); pull it again to see the service's copy");
    expect(cell(wb, 1, "result")).toBe(out.results[0].message);
    const kept = await client.documents("quotations").get(id);
    expect(kept.remarks).toBe("changed on the service");
    expect((kept.items as Array<{ quantity: number }>)[0].quantity).toBe(3);
  });

  it("refuses a document that is not awaiting, with the reason in its row", async () => {
    const wb = await posted("r", 1);
    const id = cell(wb, 1, "recordId") as number;
    await client.documents("quotations").setStatus(id, "approved");
    wb.sheet("S").values[1][col(wb, "Remarks")] = "too late";
    puts.length = 0;
    const out = await updateJob(wb, client, { family: "quotations", now });
    expect(out.results[0]).toMatchObject({ kind: "refused", changes: [{ field: "Remarks", from: "first", to: "too late" }] });
    expect(cell(wb, 1, "result")).toBe("not sent: only an awaiting quotation can be edited, and this one is approved");
    expect(puts).toEqual([]);
    const th = await updateJob(wb, client, { family: "quotations", now, lang: "th", dryRun: true });
    expect(th.results[0].message).toBe("ไม่ได้ส่ง: ระบบให้แก้ไขได้เฉพาะใบเสนอราคาที่ยังรอดำเนินการ (awaiting) แต่ฉบับนี้อยู่ในสถานะ อนุมัติแล้ว");
    expect((await client.documents("quotations").get(id)).remarks).toBe("first");
  });

  it("updates a pulled sheet through the fingerprints the pull wrote", async () => {
    const wb = await posted("p", 2);
    const ids = [1, 3].map((r) => cell(wb, r, "recordId") as number);
    const pulled = new MemoryWorkbook();
    const { sheet: name } = await pullJob(pulled, client, { family: "quotations", query: { searchString: "p Co" }, lines: true });
    const grid = pulled.sheet(name).values;
    // Headed by labels: the field each names.
    const at = (key: string): number => grid[0].findIndex((h) => fieldForHeader(String(h))?.key === key);
    const row = grid.findIndex((r) => r[at("recordId")] === ids[0]);
    expect(grid[row][at("fingerprint")]).toBe(cell(wb, 1, "fingerprint"));
    grid[row][at("contactName")] = "p Co 1 pulled and edited";
    // Another row of the same document: its second line.
    grid[row + 1][at("item.quantity")] = 5;

    const out = await updateJob(pulled, client, { family: "quotations", now, target: { sheet: name } });
    expect(out.counts).toMatchObject({ updated: 1, unchanged: 1, conflict: 0 });
    const doc = await client.documents("quotations").get(ids[0]);
    expect(doc.contactName).toBe("p Co 1 pulled and edited");
    expect((doc.items as Array<{ quantity: number }>).map((i) => i.quantity)).toEqual([3, 5]);
    expect(doc.grandTotal).toBe(387.88); // 362.50 + 7% VAT (25.375, half up)
  });

  it("takes an expense's accounts by code or by id as the same: a posted sheet and a pulled one are unchanged", async () => {
    const rows: CellValue[][] = [
      ["documentKey", "Vendor", "Date", "expenseCategoryView", "Item", "Description", "Qty", "Unit price", "item.creditId", "item.debitId", "VAT"],
      ["acc1", "Account Co", "2026-03-01", 1, "Taxi", "Taxi to client", 1, 200, "21399", "53029", false],
    ];
    const wb = new MemoryWorkbook({ S: rows });
    expect((await postJob(wb, client, { family: "expenses", now })).counts.created).toBe(1);
    const id = cell(wb, 1, "recordId") as number;
    const posted = (await client.documents("expenses").get(id)).items as Array<Record<string, unknown>>;
    // The service answers the account's id, with its code beside it.
    expect(posted[0]).toMatchObject({ creditCode: "21399", debitCode: "53029" });
    expect(typeof posted[0].creditId).toBe("number");
    expect((await updateJob(wb, client, { family: "expenses", now, dryRun: true })).counts).toMatchObject({ update: 0, unchanged: 1 });

    // A pull writes the codes people know, and reads back unchanged too.
    const pulled = new MemoryWorkbook();
    const { sheet: name } = await pullJob(pulled, client, { family: "expenses", query: { searchString: "Account Co" }, lines: true });
    const grid = pulled.sheet(name).values;
    expect(grid[1][grid[0].findIndex((h) => fieldForHeader(String(h))?.key === "item.creditId")]).toBe("21399");
    expect((await updateJob(pulled, client, { family: "expenses", now, dryRun: true, target: { sheet: name } })).counts).toMatchObject({ update: 0, unchanged: 1 });
  });

  it("updates an awaiting partial receipt: the PUT body of its form, and the tax invoice's balance follows", async () => {
    const invoices = new MemoryWorkbook({ S: [["documentKey", "Customer", "Date", "VAT", "Item", "Qty", "Unit price"], ["pi1", "Partial Co", "2026-03-01", true, "Desk", 1, 1000]] });
    expect((await postJob(invoices, client, { family: "tax-invoices", now })).counts.created).toBe(1);
    const invoiceId = cell(invoices, 1, "recordId") as number;
    const invoice = await client.documents("tax-invoices").get(invoiceId);
    expect(invoice.grandTotal).toBe(1070);
    const wb = new MemoryWorkbook({ S: [["documentKey", "Date", "item.documentId", "item.partialAmount", "Remarks"], ["pr1", "2026-03-02", invoiceId, 400, "first part"]] });
    expect((await postJob(wb, client, { family: "receipts", now })).counts.created).toBe(1);
    const id = cell(wb, 1, "recordId") as number;
    /** What the invoice has left to pay, as the service says it: a receipt for 0.01 more is refused with it. */
    const remaining = async (): Promise<string> => {
      const tooMuch = await client.documents("receipts").partialReceipt({
        isBatchDocument: true, partialPaymentMethod: 11, creditType: 3, documentStructureType: "SimpleDocument", documentReference: [],
        grandTotal: 5000, items: [{ documentId: invoiceId, documentType: 7, partialAmount: 5000 }],
      }).then(() => "accepted", (err: unknown) => String(err));
      return /remaining balance ([\d,.]+)/.exec(tooMuch)?.[1] ?? tooMuch;
    };
    expect(await remaining()).toBe("670.00");

    const s = wb.sheet("S").values;
    s[1][col(wb, "item.partialAmount")] = 250;
    s[1][col(wb, "Date")] = "2026-03-04";
    s[1][col(wb, "Remarks")] = "second part";
    puts.length = 0;
    const preview = await updateJob(wb, client, { family: "receipts", now, dryRun: true });
    expect(preview.results[0]).toMatchObject({ kind: "update", changes: [
      { field: "Date", from: "2026-03-02", to: "2026-03-04" },
      { field: "Remarks", from: "first part", to: "second part" },
      { field: "Line 1 partial amount", from: "400.00", to: "250.00" },
      { field: "Total after discount", from: "400.00", to: "250.00" },
      { field: "Grand total", from: "400.00", to: "250.00" },
      // The service sets a receipt's due date from its date.
      { field: "Due date", from: "2026-03-02", to: "2026-03-04" },
    ] });
    expect(puts).toEqual([]);
    expect((await client.documents("receipts").get(id)).grandTotal).toBe(400);

    const run = await updateJob(wb, client, { family: "receipts", now });
    expect(run.results[0]).toMatchObject({ kind: "updated" });
    expect(puts).toHaveLength(1);
    const receipt = await client.documents("receipts").get(id);
    expect(receipt).toMatchObject({ grandTotal: 250, publishedOn: "2026-03-04", dueDate: "2026-03-04", remarks: "second part", statusString: "awaiting", isBatchDocument: true, contactId: invoice.contactId });
    expect(receipt.items).toEqual([expect.objectContaining({ documentId: invoiceId, documentType: 7, partialAmount: 250 })]);
    expect(String(receipt.internalNotes)).toMatch(/docsheet:/);
    expect(await remaining()).toBe("820.00");
    // Renewed fingerprint: the sheet matches the service again.
    expect((await updateJob(wb, client, { family: "receipts", now, dryRun: true })).counts).toMatchObject({ unchanged: 1, conflict: 0 });

    // Changed on the service in between: a conflict, as for any document.
    await client.documents("receipts").updatePartialReceipt(id, {
      isBatchDocument: true, partialPaymentMethod: 11, creditType: 3, documentStructureType: "UpdateSimpleDocument", documentReference: [],
      contactId: invoice.contactId, grandTotal: 300, items: [{ documentId: invoiceId, documentType: 7, partialAmount: 300 }],
    });
    s[1][col(wb, "item.partialAmount")] = 200;
    puts.length = 0;
    expect((await updateJob(wb, client, { family: "receipts", now })).results[0]).toMatchObject({ kind: "conflict" });
    expect(puts).toEqual([]);
    expect(await remaining()).toBe("770.00");
  });

  it("refuses a partial receipt that is not awaiting, with the reason in its row", async () => {
    const invoices = new MemoryWorkbook({ S: [["documentKey", "Customer", "Date", "VAT", "Item", "Qty", "Unit price"], ["pn1", "Paid Partial Co", "2026-03-01", true, "Desk", 1, 1000]] });
    await postJob(invoices, client, { family: "tax-invoices", now });
    const wb = new MemoryWorkbook({ S: [["documentKey", "Date", "item.documentId", "item.partialAmount", "Remarks"], ["pn1", "2026-03-02", cell(invoices, 1, "recordId"), 400, "first"]] });
    expect((await postJob(wb, client, { family: "receipts", now })).counts.created).toBe(1);
    const id = cell(wb, 1, "recordId") as number;
    await client.documents("receipts").setStatus(id, "void");
    wb.sheet("S").values[1][col(wb, "item.partialAmount")] = 300;
    puts.length = 0;
    const out = await updateJob(wb, client, { family: "receipts", now });
    expect(out.results[0]).toMatchObject({ kind: "refused", changes: [{ field: "Line 1 partial amount", from: "400.00", to: "300.00" }] });
    expect(cell(wb, 1, "result")).toBe("not sent: only an awaiting receipt can be edited, and this one is cancelled");
    expect(puts).toEqual([]);
  });

  it("reads many documents' copies a list page at a time, with the same preview", async () => {
    const wb = await posted("m", 12);
    const qty = col(wb, "Qty");
    for (const r of [1, 5, 9]) wb.sheet("S").values[r][qty] = 7; // m1, m3, m5
    gets.length = 0;
    const out = await updateJob(wb, client, { family: "quotations", now, dryRun: true });
    expect(out.counts).toMatchObject({ update: 3, unchanged: 9 });
    expect(out.results.filter((r) => r.kind === "update").map((r) => r.key)).toEqual(["m1", "m3", "m5"]);
    expect(out.results[0].changes[0]).toEqual({ field: "Line 1 quantity", from: "3", to: "7" });
    // One list page instead of twelve reads.
    expect(gets.filter((g) => /^quotations\/\d+$/.test(g))).toEqual([]);
    expect(gets.filter((g) => g === "quotations")).toHaveLength(1);
  });

  it("verifies the rows of a sheet no company is recorded for from that list page too, not by a read per document", async () => {
    const wb = await posted("v", 12);
    // The rows alone, copied into another workbook: nothing says whose documents they are.
    const copy = new MemoryWorkbook({ S: wb.sheet("S").values });
    gets.length = 0;
    const out = await updateJob(copy, client, { family: "quotations", now, dryRun: true });
    expect(out.counts).toMatchObject({ unchanged: 12 });
    expect(gets.filter((g) => /^quotations\/\d+$/.test(g))).toEqual([]);
    expect(gets.filter((g) => g === "quotations")).toHaveLength(1);
  });
});
