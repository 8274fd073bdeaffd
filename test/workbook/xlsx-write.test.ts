// The streamed table sheet (writeTableXlsx, `docsheet pull` into a new file) and the in-memory one
// (XlsxWorkbook.addTableSheet, a pull into an existing file) read back the same: values, real dates
// with a date format, money formats, text columns as text, validation lists and the frozen header.
// The in-memory one is an Excel table; the streaming writer cannot write one and filters the header.
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ExcelJS from "exceljs";
import type { CellValue, ColumnSpec } from "../../src/workbook/port";
import { XlsxWorkbook } from "../../src/workbook/xlsx";
import { writeTableXlsx } from "../../src/workbook/xlsx-write";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "docsheet-xlsx-write-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const COLUMNS: ColumnSpec[] = [
  { header: "documentKey", kind: "text" },
  { header: "publishedOn", kind: "date" },
  { header: "isVat", kind: "boolean", allowed: ["TRUE", "FALSE"] },
  { header: "item.quantity", kind: "quantity" },
  { header: "item.vatRate", kind: "integer", allowed: [7, 0, -1] },
  { header: "grandTotal", kind: "money" },
];
const ROWS: CellValue[][] = [
  ["IV1", new Date(Date.UTC(2026, 0, 15)), true, 1.5, 7, 1070.25],
  ["IV1", null, null, 2, -1, null],
  ["=not a formula", new Date(Date.UTC(2026, 1, 1)), false, 3, 0, { error: "#N/A" }],
];

/** What a person sees of the sheet: every cell's value and format, validations, view and filter. */
async function look(path: string, sheet: string) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(path);
  const ws = wb.getWorksheet(sheet)!;
  const cells: unknown[] = [];
  ws.eachRow((row, r) => row.eachCell((cell, c) => cells.push([r, c, cell.value, cell.numFmt ?? null, r === 1 ? cell.font?.bold ?? false : null])));
  const validations = (ws as unknown as { dataValidations: { model: Record<string, unknown> } }).dataValidations.model;
  // A loaded table keeps its range as tableRef.
  const tables = Object.values((ws as unknown as { tables: Record<string, { model: { tableRef?: string; ref?: string } }> }).tables).map((t) => t.model.tableRef ?? t.model.ref);
  return {
    cells, validations, frozen: ws.views[0]?.state === "frozen" ? ws.views[0].ySplit : undefined, widths: ws.columns.map((c) => c.width),
    filter: ws.autoFilter, tables,
  };
}

it("a streamed table sheet reads back as the in-memory one does", async () => {
  const streamed = join(dir, "streamed.xlsx");
  await writeTableXlsx(streamed, "Tax invoices", COLUMNS, ROWS);
  const held = join(dir, "held.xlsx");
  const wb = XlsxWorkbook.empty();
  await wb.addTableSheet("Tax invoices", COLUMNS, ROWS);
  await wb.save(held);

  const a = await look(streamed, "Tax invoices");
  const b = await look(held, "Tax invoices");
  // Both are an Excel table over the header and the rows (no filter of the sheet's own besides).
  expect(a).toEqual(b);
  expect([a.filter, a.tables]).toEqual([undefined, ["A1:F4"]]);
  expect(a.frozen).toBe(1);
  // The header is bold text whatever its column holds; dates are dates, money is money, text is text.
  expect(a.cells).toContainEqual([1, 2, "publishedOn", null, true]);
  expect(a.cells).toContainEqual([2, 2, new Date(Date.UTC(2026, 0, 15)), "yyyy-mm-dd", null]);
  expect(a.cells).toContainEqual([2, 1, "IV1", "@", null]);
  // exceljs reads a validated range back cell by cell.
  for (const cell of ["E2", "E1000"]) expect(a.validations).toHaveProperty([cell, "formulae"], ['"7,0,-1"']);
  expect(a.validations).not.toHaveProperty("E1001");
  expect(a.cells).toContainEqual([4, 1, "=not a formula", "@", null]);
  expect(a.cells).toContainEqual([2, 6, 1070.25, "#,##0.00", null]);

  // And through the port's own reader (the one `docsheet check` uses).
  const block = await (await XlsxWorkbook.load(streamed)).read();
  expect(block.values[1].slice(0, 4)).toEqual(["IV1", expect.any(Number), true, 1.5]);
  expect(block.formats[1][1]).toBe("yyyy-mm-dd");
});

it("leaves no file, whole or half-written, when the rows fail half-way", async () => {
  const sub = mkdtempSync(join(dir, "fail-"));
  function* rows(): Generator<CellValue[]> {
    yield ROWS[0];
    throw new Error("cancelled");
  }
  await expect(writeTableXlsx(join(sub, "x.xlsx"), "S", COLUMNS, rows())).rejects.toThrow("cancelled");
  expect(readdirSync(sub)).toEqual([]);
});
