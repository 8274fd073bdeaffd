// Opens an .xlsx in the browser with the same bounded reader the command line uses
// (workbook/xlsx-read.ts, fflate and a streaming XML scan: no exceljs in the page). Each sheet
// becomes values and number formats for the memory grid, as sparse as the file: a stray cell at
// XFD1048576 costs one cell, not the sheet between. A sheet holding values in more rows than the
// jobs read as a table (MAX_TABLE_ROWS) is refused as the command line refuses it, the reading
// stopped there. The cells' DOCSHEET formulas come with them, to be calculated again (formulas.ts);
// the values a DOCSHEET table left in the cells it spilled into (an array formula's range) are
// cleared, as the calculation spills it again. Other formulas keep the values the file holds.
import { parseFormula } from "../../functions/formula";
import type { CellRect, CellValue } from "../../workbook/port";
import { clearCovered, openFastXlsx } from "../../workbook/xlsx-read";

export interface LoadedSheet {
  name: string;
  values: CellValue[][];
  formats: string[][];
  /** "row,col" → the cell's DOCSHEET formula, as typed (`=DOCSHEET.TOTAL(...)`). */
  formulas: Map<string, string>;
}

/** Excel saves an add-in's function as `_xldudf_DOCSHEET_TOTAL(`; the grid shows it as typed. */
const typedForm = (formula: string): string => formula.replace(/_xldudf_DOCSHEET_([A-Za-z]+)\s*\(/gi, (_, name: string) => `DOCSHEET.${name.toUpperCase()}(`);

export async function loadXlsx(data: ArrayBuffer): Promise<LoadedSheet[]> {
  const workbook = await openFastXlsx(new Uint8Array(data), { formulas: true });
  return workbook.sheetNames.map((name) => {
    const { values, formats, rows, formulas: all = new Map<string, string>(), arrays = new Map<string, CellRect>() } = workbook.sheet(name, { table: true });
    const formulas = new Map<string, string>();
    const spilled: CellRect[] = [];
    for (const [key, formula] of all) {
      if (parseFormula(formula).kind !== "call") continue;
      formulas.set(key, typedForm(formula));
      const area = arrays.get(key);
      if (area) spilled.push(area);
    }
    clearCovered(name, values, rows, spilled, "arraysOverlap");
    return { name, values, formats, formulas };
  });
}
