// Opens an .xlsx in the browser with the same bounded reader the command line uses
// (workbook/xlsx-read.ts, fflate and a streaming XML scan: no exceljs in the page). Each sheet
// becomes values and number formats for the memory grid, as sparse as the file: a stray cell at
// XFD1048576 costs one cell, not the sheet between.
import type { CellValue } from "../../workbook/port";
import { openFastXlsx } from "../../workbook/xlsx-read";

export interface LoadedSheet {
  name: string;
  values: CellValue[][];
  formats: string[][];
}

export async function loadXlsx(data: ArrayBuffer): Promise<LoadedSheet[]> {
  const book = await openFastXlsx(new Uint8Array(data));
  return book.sheetNames.map((name) => {
    const { values, formats } = book.sheet(name);
    return { name, values, formats };
  });
}
