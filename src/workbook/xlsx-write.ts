// Table sheets written with exceljs: one fill for both hosts of the command line, the in-memory model
// (XlsxWorkbook.addTableSheet, for a workbook that already exists) and exceljs' streaming writer
// (writeTableXlsx, for a new file, its table put in by xlsx-stream-table.ts), so a pulled sheet
// reads the same either way. The streaming
// writer serialises each row as it is added instead of keeping a cell object per value: a pull of
// 10,000 documents stays in a few hundred MB less memory. exceljs is required on first use: the
// commands that only read a workbook never load it.
import { createWriteStream, promises as fs } from "node:fs";
import { once } from "node:events";
import { basename, dirname, join } from "node:path";
import type ExcelJS from "exceljs";
import { columnFormat, rowFormat } from "./memory";
import { isCellError, type CellError, type CellValue, type ColumnSpec, type PrintLayout, type TableOptions } from "./port";
import { RECORDS_SHEET, recordRows } from "./records";
import { inlineList, lookupFormula } from "./validation";
import { streamTable } from "./xlsx-stream-table";

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

/** Header row, column formats and widths, rows, validation lists, and a table (named `table`; the
 * streaming writer cannot write one: without it the header gets a filter, unless `filter` is false
 * because a table is put in afterwards). Answers the number of rows. */
export function fillTable(
  ws: ExcelJS.Worksheet, columns: readonly ColumnSpec[], rows: Iterable<CellValue[]>, table?: string,
  extras: Pick<TableOptions, "totals" | "formulas" | "above" | "rowFormats" | "print"> & { filter?: false } = {},
): number {
  const above = extras.above ?? [];
  const k = above.length;
  // A printed sheet's columns are as wide as what they hold (a cut name cannot be read on paper).
  const widths = extras.print && Array.isArray(rows) ? contentWidths(columns, rows as CellValue[][], above) : undefined;
  ws.columns = columns.map((c, i) => ({
    ...(k === 0 ? { header: c.header } : {}),
    width: Math.min(40, Math.max(10, c.header.length + 2, widths?.[i] ?? 0)),
    style: c.kind === "boolean" ? {} : { numFmt: columnFormat(c) },
    ...(c.hidden ? { hidden: true } : {}),
  }));
  // A header block above the table: its labels (first column) in bold, its values as given.
  above.forEach((values, i) => {
    const row = ws.getRow(i + 1);
    values.forEach((v, c) => {
      const cell = row.getCell(c + 1);
      cell.value = toExcel(v);
      cell.style = c === 0 ? { font: { bold: true } } : { numFmt: typeof v === "string" ? "@" : "General" };
    });
    row.commit();
  });
  // The header row is text in bold, whatever its column holds.
  const header = ws.getRow(k + 1);
  if (k > 0) header.values = columns.map((c) => c.header);
  header.eachCell((cell) => {
    cell.style = { font: { bold: true } };
  });
  header.commit();
  let count = 0;
  if (table !== undefined && columns.length > 0) {
    const data = [...rows].map((r, i) => columns.map((_, c) => {
      const formula = extras.formulas?.[i]?.[c];
      // The value stays as the formula's cached result.
      return formula ? ({ formula: formula.replace(/^=/, ""), result: r[c] ?? undefined } as ExcelJS.CellFormulaValue) : toExcel(r[c] ?? null);
    }));
    count = data.length;
    // A table needs a data row: an empty one when there are none.
    if (data.length === 0) data.push(columns.map(() => null));
    const totals = extras.totals;
    // Formulas are written with what they come to; Excel calculates them again when it opens the file.
    if (totals || extras.formulas) ws.workbook.calcProperties = { ...ws.workbook.calcProperties, fullCalcOnLoad: true };
    ws.addTable({
      name: table, ref: `A${k + 1}`, headerRow: true, totalsRow: totals !== undefined, style: { theme: "TableStyleMedium2", showRowStripes: true },
      columns: columns.map((c, i) => {
        const t = totals?.[i];
        return {
          name: c.header, filterButton: true,
          ...(t && "label" in t ? { totalsRowLabel: t.label } : {}),
          ...(t && "sum" in t ? { totalsRowFunction: "sum" as const, totalsRowResult: t.sum } : {}),
        };
      }),
      rows: data,
    });
    // A row's own format (a count among amounts) over its columns'.
    extras.rowFormats?.forEach((own, i) => {
      if (own) columns.forEach((c, col) => (ws.getRow(k + 2 + i).getCell(col + 1).numFmt = rowFormat(c, own)));
    });
    if (extras.print) printAsForm(ws, columns.length, k, extras.print);
    if (totals) {
      // The totals row takes the column's number format too (exceljs leaves it General).
      const row = ws.getRow(k + 1 + data.length + 1);
      columns.forEach((c, i) => {
        if (c.kind !== "boolean") row.getCell(i + 1).numFmt = columnFormat(c);
        row.getCell(i + 1).font = { bold: true };
      });
    }
  } else {
    // commit() hands a row to a streaming writer; the in-memory model ignores it.
    for (const r of rows) {
      ws.addRow(r.map(toExcel)).commit();
      count++;
    }
    if (columns.length > 0 && extras.filter !== false) ws.autoFilter = { from: { row: k + 1, column: 1 }, to: { row: k + 1, column: columns.length } };
  }
  addValidations(ws, columns, k + 2, Math.max(k + count + 1, VALIDATION_ROWS));
  return count;
}

/** The characters each column's longest value takes, as shown (money with its separators); in the
 * header block above, what a filled cell beside it would cut (its labels), up to 30. */
function contentWidths(columns: readonly ColumnSpec[], rows: readonly CellValue[][], above: readonly CellValue[][]): number[] {
  const shown = (v: CellValue | undefined): number =>
    v instanceof Date ? 10 : typeof v === "number" ? Math.ceil(String(Math.trunc(Math.abs(v))).length * 4 / 3) + 3 : typeof v === "string" ? v.length : 0;
  return columns.map((_, i) => Math.max(
    rows.reduce((w, r) => Math.max(w, shown(r[i]) + 2), 0),
    above.reduce((w, r) => (r[i + 1] !== null && r[i + 1] !== undefined ? Math.max(w, Math.min(30, shown(r[i]) + 2)) : w), 0),
  ));
}

/** Manual page breaks under these rows (1-based). exceljs' own addPageBreak writes 16838 as the
 * last column; Excel's is 16383. */
export function addRowBreaks(ws: ExcelJS.Worksheet, rows: readonly number[]): void {
  const breaks = (ws as unknown as { rowBreaks: ExcelJS.RowBreak[] }).rowBreaks;
  for (const id of rows) breaks.push({ id, max: 16383, man: 1 } as ExcelJS.RowBreak);
}

/** A4 one page wide, the rows above the table and its header repeated on every page (the defined
 * name _xlnm.Print_Titles), a manual page break under each row that ends a page, those rows in bold,
 * and the page's number in its header. `k`: rows above the table's header. */
function printAsForm(ws: ExcelJS.Worksheet, width: number, k: number, print: PrintLayout): void {
  ws.pageSetup = {
    ...ws.pageSetup, paperSize: 9, orientation: print.orientation, fitToPage: true, fitToWidth: 1, fitToHeight: 0,
    printTitlesRow: `1:${k + 1}`, margins: { left: 0.4, right: 0.4, top: 0.6, bottom: 0.5, header: 0.3, footer: 0.3 },
  };
  addRowBreaks(ws, print.pageEnds.map((end) => k + 2 + end));
  for (const i of print.strong ?? []) {
    const row = ws.getRow(k + 2 + i);
    for (let c = 1; c <= width; c++) row.getCell(c).font = { bold: true };
  }
  if (print.pageHeader) ws.headerFooter = { ...ws.headerFooter, oddHeader: `&R${print.pageHeader}` };
}

/** Each column's drop-down from row `first` to `last` (1-based): a fixed list is kept to, a lookup list only warns. */
function addValidations(ws: ExcelJS.Worksheet, columns: readonly ColumnSpec[], first: number, last: number): void {
  const validations = (ws as unknown as { dataValidations: { add(a: string, v: ExcelJS.DataValidation): void } }).dataValidations;
  columns.forEach((c, i) => {
    const letter = ws.getColumn(i + 1).letter;
    const list = c.allowed ? inlineList(c.allowed) : undefined;
    // A list too long to be written inline is left without a drop-down.
    if (list !== undefined) {
      validations.add(`${letter}${first}:${letter}${last}`, {
        type: "list", allowBlank: true, formulae: [`"${list}"`], showErrorMessage: true, errorTitle: c.header, error: `Use one of: ${list}`,
      });
    } else if (c.lookup) {
      validations.add(`${letter}${first}:${letter}${last}`, {
        type: "list", allowBlank: true, formulae: [lookupFormula(c.lookup)], showErrorMessage: true, errorStyle: "warning",
        errorTitle: c.header, error: "Not in the list: keep it anyway?",
      });
    }
  });
}

/** A name for a sheet's table: letters, digits and _ (Excel's rule), unique in the workbook. */
export function tableName(sheet: string, taken: ReadonlySet<string>): string {
  const base = `DocSheet_${sheet.replace(/[^A-Za-z0-9_]+/g, "_")}`.slice(0, 200);
  let name = base;
  for (let i = 2; taken.has(name.toLowerCase()); i++) name = `${base}_${i}`;
  return name;
}

/** Where a save writes before its rename: a run killed mid-save never leaves a half-written workbook. */
export function tempPathFor(path: string): string {
  return join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
}

/** A temp file this old is a dead save's even if its process id has been given to another process. */
const STALE_MS = 60 * 60 * 1000;

/**
 * Removes the temp files of saves to `path` that were killed before their rename (a run stopped by
 * kill -9, a machine that went down): those of a process that is gone, or older than an hour. A
 * save running now in another process keeps its own. Called by each save before it writes.
 */
export async function removeDeadTemps(path: string): Promise<void> {
  const dir = dirname(path);
  const prefix = `.${basename(path)}.`;
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return; // No folder yet: the save itself says so.
  }
  for (const name of names) {
    const pid = name.startsWith(prefix) && name.endsWith(".tmp") ? Number(name.slice(prefix.length, -4)) : NaN;
    if (!Number.isSafeInteger(pid) || pid <= 0) continue;
    const file = join(dir, name);
    const stat = await fs.stat(file).catch(() => undefined);
    if (!stat?.isFile()) continue;
    if (pid === process.pid || !alive(pid) || Date.now() - stat.mtimeMs > STALE_MS) await fs.rm(file, { force: true });
  }
}

/** A write that failed for the disk (full, over quota, failing) names the file asked for: the
 * system's error of a write names no file, and the message says which could not be written. */
export function namingFile(err: unknown, path: string): unknown {
  const e = err as NodeJS.ErrnoException | null;
  if (e && typeof e === "object" && e.path === undefined && ["ENOSPC", "EDQUOT", "EIO", "EFBIG"].includes(e.code ?? "")) e.path = path;
  return err;
}

/** Whether a process of this id runs (a lock's or a temp file's owner). */
export function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: a process of another user holds that id, so it is there.
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** A new workbook holding one table sheet, streamed to `path` row by row; `records` go on the very
 * hidden records sheet (which family the sheet holds). */
export async function writeTableXlsx(
  path: string, name: string, columns: readonly ColumnSpec[], rows: Iterable<CellValue[]>, records?: ReadonlyMap<string, string>,
): Promise<void> {
  await removeDeadTemps(path);
  const tmp = tempPathFor(path);
  // Our own stream, open before any row: given a file name, exceljs opens it later, so a failure
  // in the first rows could remove the temp file before it existed and leave it behind.
  const out = createWriteStream(tmp);
  await once(out, "open");
  const workbook = new (exceljs().stream.xlsx.WorkbookWriter)({ stream: out, useStyles: true, useSharedStrings: true });
  try {
    const ws = workbook.addWorksheet(name, { views: [{ state: "frozen", ySplit: 1 }] });
    // An Excel table, as a pull into an existing workbook makes: refresh extends it.
    const count = fillTable(ws, columns, rows, undefined, { filter: false });
    streamTable(workbook, ws, tableName(name, new Set()), columns.map((c) => c.header), count);
    ws.commit();
    if (records && records.size > 0) {
      const kept = workbook.addWorksheet(RECORDS_SHEET, { state: "veryHidden" });
      for (const row of recordRows(records)) kept.addRow(row.map(toExcel)).commit();
      kept.commit();
    }
    await workbook.commit();
    await fs.rename(tmp, path);
  } catch (err) {
    if (!out.closed) {
      out.destroy();
      await once(out, "close");
    }
    await fs.rm(tmp, { force: true });
    throw namingFile(err, path);
  }
}
