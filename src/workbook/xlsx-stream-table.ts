// An Excel table on a sheet of exceljs' streaming writer, which cannot write one itself: a pulled
// file must hold a table as a pull into an existing workbook does (refresh extends a table; the
// user's filters and formulas follow it). The table part is written whole (its header names are the
// header row's cells, its range the rows streamed), and three hooks put it in place: its
// relationship on the sheet, <tableParts> last in the sheet (after legacyDrawing, as the schema
// orders it) and its content type. They reach into exceljs' writer (the version package-lock
// pins); test/cli/pull.test.ts opens the file with exceljs and refreshes it.
import type ExcelJS from "exceljs";
import { columnLetters } from "./address";

const TABLE_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/table";
const TABLE_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.table+xml";

/** The writer's parts this reaches: not in exceljs' types. */
interface SheetWriterParts {
  _sheetRelsWriter: { addRelationship(rel: { Type: string; Target: string }): string };
  _writeCloseWorksheet(): void;
  stream: { write(text: string): void };
}
interface BookWriterParts {
  zip: { append(data: string | Buffer, options: { name: string }): unknown };
}

const escapeXml = (s: string): string => s.replace(/[<>&"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;" })[c]!);

/** The table part: `headers` from A1, `rows` data rows below (one empty row when none: a table needs one). */
export function tableXml(id: number, name: string, headers: readonly string[], rows: number): string {
  const ref = `A1:${columnLetters(headers.length - 1)}${1 + Math.max(rows, 1)}`;
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n`
    + `<table xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" id="${id}" name="${name}" displayName="${name}" ref="${ref}" headerRowCount="1" totalsRowShown="0">`
    + `<autoFilter ref="${ref}"/>`
    + `<tableColumns count="${headers.length}">${headers.map((h, i) => `<tableColumn id="${i + 1}" name="${escapeXml(h)}"/>`).join("")}</tableColumns>`
    + `<tableStyleInfo name="TableStyleMedium2" showFirstColumn="0" showLastColumn="0" showRowStripes="1" showColumnStripes="0"/>`
    + `</table>`;
}

/** Makes the streamed sheet's header (row 1) and `rows` rows below it the table `name`. Call before
 * the sheet is committed; the sheet must have no filter of its own (the table brings one). */
export function streamTable(book: ExcelJS.stream.xlsx.WorkbookWriter, ws: ExcelJS.Worksheet, name: string, headers: readonly string[], rows: number): void {
  if (headers.length === 0) return;
  const sheet = ws as unknown as SheetWriterParts;
  const zip = (book as unknown as BookWriterParts).zip;
  const part = "table1.xml";
  const rId = sheet._sheetRelsWriter.addRelationship({ Type: TABLE_REL, Target: `../tables/${part}` });
  const close = sheet._writeCloseWorksheet;
  sheet._writeCloseWorksheet = function (this: SheetWriterParts) {
    this.stream.write(`<tableParts count="1"><tablePart r:id="${rId}"/></tableParts>`);
    close.call(this);
  };
  zip.append(tableXml(1, name, headers, rows), { name: `/xl/tables/${part}` });
  const append = zip.append.bind(zip);
  zip.append = (data, options) => append(options.name === "[Content_Types].xml"
    ? String(data).replace("</Types>", `<Override PartName="/xl/tables/${part}" ContentType="${TABLE_TYPE}"/></Types>`)
    : data, options);
}
