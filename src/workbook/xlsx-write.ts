// Table sheets written with exceljs: one fill for both hosts of the command line, the in-memory model
// (XlsxWorkbook.addTableSheet, for a workbook that already exists) and exceljs' streaming writer
// (writeTableXlsx, for a new file), so a pulled sheet reads the same either way. The streaming
// writer serialises each row as it is added instead of keeping a cell object per value: a pull of
// 10,000 documents stays in a few hundred MB less memory. exceljs is required on first use: the
// commands that only read a workbook never load it.
import { promises as fs } from "node:fs";
import { basename, dirname, join } from "node:path";
import type ExcelJS from "exceljs";
import { KIND_FORMATS } from "./memory";
import { isCellError, type CellError, type CellValue, type ColumnSpec } from "./port";

/** Rows below a template's header that get its validation lists. */
const VALIDATION_ROWS = 1000;

/** exceljs, loaded on first use (about half a second of start-up). */
export function exceljs(): typeof import("exceljs") {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require("exceljs") as typeof import("exceljs");
}

export function toExcel(v: CellValue): ExcelJS.CellValue {
  if (isCellError(v)) return { error: (v as CellError).error } as ExcelJS.CellErrorValue;
  return v as ExcelJS.CellValue;
}

/** Header row, column formats and widths, rows, validation lists and a filter on a new worksheet. */
export function fillTable(ws: ExcelJS.Worksheet, columns: readonly ColumnSpec[], rows: Iterable<CellValue[]>): void {
  ws.columns = columns.map((c) => ({
    header: c.header,
    width: Math.min(40, Math.max(10, c.header.length + 2)),
    style: c.kind === "boolean" || c.kind === "text" ? {} : { numFmt: KIND_FORMATS[c.kind] },
  }));
  const header = ws.getRow(1);
  header.font = { bold: true };
  header.commit();
  let count = 0;
  // commit() hands a row to a streaming writer; the in-memory model ignores it.
  for (const r of rows) {
    ws.addRow(r.map(toExcel)).commit();
    count++;
  }
  const last = Math.max(count + 1, VALIDATION_ROWS);
  columns.forEach((c, i) => {
    if (!c.allowed || c.allowed.length === 0) return;
    const letter = ws.getColumn(i + 1).letter;
    const list = c.allowed.map(String).join(",");
    // Excel limits an inline list to 255 characters; longer lists are left without a drop-down.
    if (list.length > 253) return;
    (ws as unknown as { dataValidations: { add(a: string, v: ExcelJS.DataValidation): void } }).dataValidations.add(
      `${letter}2:${letter}${last}`,
      { type: "list", allowBlank: true, formulae: [`"${list}"`], showErrorMessage: true, errorTitle: c.header, error: `Use one of: ${list}` },
    );
  });
  if (columns.length > 0) ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
}

/** Where a save writes before its rename: a run killed mid-save never leaves a half-written workbook. */
export function tempPathFor(path: string): string {
  return join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
}

/** A new workbook holding one table sheet, streamed to `path` row by row. */
export async function writeTableXlsx(path: string, name: string, columns: readonly ColumnSpec[], rows: Iterable<CellValue[]>): Promise<void> {
  const tmp = tempPathFor(path);
  const book = new (exceljs().stream.xlsx.WorkbookWriter)({ filename: tmp, useStyles: true, useSharedStrings: true });
  try {
    const ws = book.addWorksheet(name, { views: [{ state: "frozen", ySplit: 1 }] });
    fillTable(ws, columns, rows);
    ws.commit();
    await book.commit();
    await fs.rename(tmp, path);
  } catch (err) {
    await fs.rm(tmp, { force: true });
    throw err;
  }
}
