// Headers that could name several fields, decided by their cells (sheet/content.ts): the same rule
// for docsheet map / the pane's Columns (suggestMapping) and reading without a mapping (mapHeaders).
import { MemoryWorkbook } from "../../src/workbook/memory";
import { readDocuments } from "../../src/sheet/read";
import { checkSheet } from "../../src/sheet/check";
import { suggestMapping } from "../../src/sheet/mapping";
import { buildDocument } from "../../src/sheet/body";
import { fieldForHeader } from "../../src/sheet/fields";
import type { CellValue } from "../../src/workbook/port";

const suggested = (rows: CellValue[][]) => suggestMapping(rows[0], "tax-invoices", 0, rows.slice(1)).map((s) => s.field);

async function read(rows: CellValue[][]) {
  return readDocuments(await new MemoryWorkbook({ S: rows }).read(), { family: "tax-invoices" });
}

const HEAD = ["เลขที่", "ชื่อลูกค้า", "รายการ", "จำนวน", "ราคาต่อหน่วย", "ราคารวมภาษี"];

describe("a VAT header decided by its cells", () => {
  it.each<[string, CellValue[], string]>([
    ["ภาษีมูลค่าเพิ่ม", [70, "1,050.00", 0], "vatAmount"],
    ["ภาษีมูลค่าเพิ่ม", ["ใช่", "ไม่ใช่", true], "isVat"],
    ["ภาษีมูลค่าเพิ่ม", ["7%", "ยกเว้น", "0%"], "item.vatRate"],
    ["VAT", [70.5, 14], "vatAmount"],
    ["VAT", ["Yes", "No", "yes"], "isVat"],
    ["VAT", ["7%", "exempt"], "item.vatRate"],
    ["VAT", [7, 0, 7], "item.vatRate"],
    ["Tax", ["Y", "N"], "isVat"],
    ["ภาษี", ["มี", "ไม่มี"], "isVat"],
    ["VAT rate", ["Yes", "No"], "isVat"],
    ["VAT 7%", ["Yes", "No"], "isVat"],
    // Only 0 and 1 could be yes/no or amounts: the header's own field stays.
    ["VAT", [1, 0], "isVat"],
    ["ภาษีมูลค่าเพิ่ม", [0, 0], "isVat"],
    ["Tax", [1, 0], "vatAmount"],
    // Nothing to go by: the header's own field.
    ["ภาษีมูลค่าเพิ่ม", [null, null], "isVat"],
    ["VAT", ["soon", 70], "isVat"],
  ])("%s over %j is %s", async (header, cells, field) => {
    const rows: CellValue[][] = [[...HEAD, header], ...cells.map((c, i) => [`D${i}`, "Acme", "Pen", 1, 100, false, c])];
    expect(suggested(rows)[6]).toBe(field);
    // Reading without a mapping takes labels only ("ภาษี" is a synonym: suggested, not read).
    expect((await read(rows)).layout.headers.byColumn.get(6)?.key).toBe(fieldForHeader(header) ? field : undefined);
  });

  it("a wire name is never ambiguous", async () => {
    const rows: CellValue[][] = [["isVat"], [70]];
    expect(suggested(rows)).toEqual(["isVat"]);
    expect((await read(rows)).layout.headers.columns.get("isVat")).toBe(0);
  });

  it("yes/no that differs between one document's rows is each line's VAT rate: yes 7%, no exempt", async () => {
    const rows: CellValue[][] = [
      ["Invoice no", "Customer", "Item", "Qty", "Unit price", "Prices include VAT", "VAT?"],
      ["A", "Acme", "Pen", 1, 100, false, "Yes"],
      ["A", null, "Book", 2, 50, null, "No"],
      ["B", "Bee", "Ink", 1, 10, false, "Yes"],
      ["B", null, "Nib", 1, 10, null, "Yes"],
    ];
    expect(suggested(rows)[6]).toBe("item.vatRate");
    // Read without a mapping, a header that is a label ("VAT") is decided the same way.
    rows[0][0] = "Document no.";
    rows[0][6] = "VAT";
    const r = await read(rows);
    expect(r.layout.headers.byColumn.get(6)?.key).toBe("item.vatRate");
    expect(r.documents[0].lines.map((l) => l.fields["item.vatRate"].value)).toEqual([7, -1]);
    const { findings } = checkSheet(r, "tax-invoices", "2026-03-01");
    expect(findings.filter((f) => f.severity === "error")).toEqual([]);
    const built = buildDocument(r.documents[0], "tax-invoices", r.layout, { today: "2026-03-01" });
    expect(built.structure).toBe("inline");
    expect(built.body).toMatchObject({ exemptAmount: 100, vatableAmount: 100, vatAmount: 7, grandTotal: 207 });
    // The same yes/no on every row of each document is the documents' VAT yes/no.
    const same = rows.map((r, i) => (i === 2 ? [...r.slice(0, 6), "Yes"] : r));
    expect(suggested(same)[6]).toBe("isVat");
    expect((await read(same)).layout.headers.columns.get("isVat")).toBe(6);
  });

  it("a header read without a mapping that only looks like a field is warned about as what its cells make it", async () => {
    const r = await read([["Invoice no", "Customer", "Item", "Qty", "Unit price", "VAT?"], ["A", "Acme", "Pen", 1, 100, "7%"], ["A", null, "Rice", 1, 50, "exempt"]]);
    expect(r.findings.find((f) => f.cell === "F1")?.message).toBe(
      'Column "VAT?" looks like item.vatRate but is ignored until its field is picked in the Columns section of the task pane.');
  });

  it("VAT amounts that differ between one document's rows are each line's VAT: the document states their sum", async () => {
    const sheet = (second: CellValue): CellValue[][] => [
      ["เลขที่", "ชื่อลูกค้า", "รายการ", "จำนวน", "ราคาต่อหน่วย", "ภาษีมูลค่าเพิ่ม", "ราคารวมภาษี"],
      ["A", "Acme", "Pen", 1, 1000, 70, false],
      ["A", null, "Ink", 3, 16.67, second, null],
    ];
    const errors = async (rows: CellValue[][]) => {
      const r = await read(rows);
      return checkSheet(r, "tax-invoices", "2026-03-01").findings.filter((f) => f.severity === "error").map((f) => [f.cell, f.message]);
    };
    // 7% of 1,050.01 is 73.50; the lines' own VAT, 70.00 + 3.50.
    expect(await errors(sheet(3.5))).toEqual([]);
    expect((await read(sheet(3.5))).documents[0].fields.vatAmount.value).toBe(73.5);
    expect(await errors(sheet(3.51))).toEqual([["F2", "vatAmount is 73.51 but 7% VAT on 1,050.01 gives 73.50"]]);
    // The document's VAT repeated on its rows, or on its first row only, is the document's.
    expect(await errors(sheet(70))).toEqual([["F2", "vatAmount is 70.00 but 7% VAT on 1,050.01 gives 73.50"]]);
    expect(await errors(sheet(null))).toEqual([["F2", "vatAmount is 70.00 but 7% VAT on 1,050.01 gives 73.50"]]);
  });

  it("a prices-include-VAT header over amounts is the total with VAT", async () => {
    const rows: CellValue[][] = [
      ["เลขที่", "ชื่อลูกค้า", "รายการ", "จำนวน", "ราคาต่อหน่วย", "มีภาษีมูลค่าเพิ่ม", "ราคารวมภาษี"],
      ["A", "Acme", "Pen", 2, 100, "ใช่", "214.00"],
      ["B", "Bee", "Ink", 1, 50, "ใช่", 53.5],
    ];
    expect(suggested(rows).slice(5)).toEqual(["isVat", "grandTotal"]);
    const r = await read(rows);
    expect(r.layout.headers.byColumn.get(6)?.key).toBe("grandTotal");
    expect(checkSheet(r, "tax-invoices", "2026-03-01").findings.filter((f) => f.severity === "error")).toEqual([]);
    // Yes/no under it: whether prices include VAT, as before.
    expect(suggested([rows[0], ["A", "Acme", "Pen", 2, 100, "ใช่", "ไม่ใช่"]])[6]).toBe("isVatInclusive");
  });

  it("a line VAT rate column takes Yes/No and TRUE/FALSE", async () => {
    const r = await read([["Customer", "Item", "Qty", "Unit price", "item.vatRate"], ["A", "x", 1, 1, "No"], ["A", "x", 1, 1, true], ["A", "x", 1, 1, "ไม่ใช่"]]);
    expect(r.findings.filter((f) => f.severity === "error")).toEqual([]);
    expect(r.documents.map((d) => d.lines[0].fields["item.vatRate"].value)).toEqual([-1, 7, -1]);
  });

  it("a Thai VAT column of amounts is the stated VAT: one row a satang off gets one finding at its cell", async () => {
    const rows: CellValue[][] = [[...HEAD, "ภาษีมูลค่าเพิ่ม"]];
    for (let i = 0; i < 21; i++) rows.push([`INV-${i}`, "Acme", "Pen", 3, 333.33, false, i === 9 ? 70.01 : 70]);
    const r = await read(rows);
    const { findings } = checkSheet(r, "tax-invoices", "2026-03-01");
    expect(findings.filter((f) => f.severity === "error").map((f) => [f.cell, f.field, f.message])).toEqual([
      ["G11", "vatAmount", "vatAmount is 70.01 but 7% VAT on 999.99 gives 70.00"],
    ]);
  });

  it("an amount header is the line amount when it is quantity × unit price on every row, the total when it is each document's sum", async () => {
    const rows = (header: string, amounts: CellValue[]): CellValue[][] => [
      ["Document no.", "Customer", "Item", "Qty", "Unit price", "isVat", header],
      ["A", "Acme", "Pen", 2, 100, true, amounts[0]],
      ["A", null, "Ink", 1, 50.5, null, amounts[1]],
      ["B", "Bee", "Nib", 3, 10, true, amounts[2]],
    ];
    const field = async (header: string, amounts: CellValue[]) =>
      [suggested(rows(header, amounts))[6], (await read(rows(header, amounts))).layout.headers.byColumn.get(6)?.key];
    // Line amounts under "Total" (a grand total's label) and "Amount" (a line amount's).
    expect(await field("Total", [200, 50.5, 30])).toEqual(["item.total", "item.total"]);
    expect(await field("Amount", [200, 50.5, 30])).toEqual(["item.total", "item.total"]);
    // Each document's total with VAT (repeated on its rows, or on its first row only), or without.
    expect(await field("Amount", ["268.04", "268.04", 32.1])).toEqual(["grandTotal", "grandTotal"]);
    expect(await field("จำนวนเงิน", [250.5, null, 30])).toEqual(["grandTotal", "grandTotal"]);
    expect((await field("ยอดเงิน", [268.04, null, 32.1]))[0]).toBe("grandTotal");
    // Neither: the header's own field (and the arithmetic says what is wrong).
    expect(await field("Amount", [999, 50.5, 30])).toEqual(["item.total", "item.total"]);
    // One line a document: a line amount is the document's amount before VAT too, so the header decides.
    const single: CellValue[][] = [["Customer", "Item", "Qty", "Unit price", "Total"], ["Acme", "Pen", 2, 100, 200]];
    expect(suggested(single)[4]).toBe("grandTotal");
    const r = await read([...rows("Amount", ["268.04", "268.04", 32.1])]);
    const { findings } = checkSheet(r, "tax-invoices", "2026-03-01");
    expect(findings.filter((f) => f.severity === "error")).toEqual([]);
  });
});
