// Opens an .xlsx in the browser with exceljs's browser build, loaded only when a file is opened (so
// it does not weigh on the pane). Each sheet becomes values and number formats for the memory grid.
import type { CellValue } from "../../workbook/port";

export interface LoadedSheet {
  name: string;
  values: CellValue[][];
  formats: string[][];
}

type Cell = { value: unknown; numFmt?: string };

function plain(value: unknown): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean" || value instanceof Date) return value;
  const v = value as { result?: unknown; richText?: { text: string }[]; text?: unknown; error?: string };
  if (v.error) return { error: v.error };
  if (v.richText) return v.richText.map((r) => r.text).join("");
  if ("result" in v) return plain(v.result);
  if (v.text !== undefined) return plain(v.text);
  return String(value);
}

export async function loadXlsx(data: ArrayBuffer): Promise<LoadedSheet[]> {
  const ExcelJS = (await import(/* webpackChunkName: "exceljs" */ "exceljs")).default;
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(data);
  return book.worksheets.map((ws) => {
    const values: CellValue[][] = [];
    const formats: string[][] = [];
    ws.eachRow({ includeEmpty: false }, (row, rowNumber) => {
      row.eachCell({ includeEmpty: false }, (cell: Cell, colNumber) => {
        (values[rowNumber - 1] ??= [])[colNumber - 1] = plain(cell.value);
        (formats[rowNumber - 1] ??= [])[colNumber - 1] = cell.numFmt || "General";
      });
    });
    for (let r = 0; r < values.length; r++) values[r] ??= [];
    for (let r = 0; r < formats.length; r++) formats[r] ??= [];
    return { name: ws.name, values, formats };
  });
}
