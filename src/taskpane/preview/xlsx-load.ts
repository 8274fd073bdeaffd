// Opens an .xlsx in the browser with the same bounded reader the command line uses
// (workbook/xlsx-read.ts, fflate and a streaming XML scan: no exceljs in the page). Each sheet
// becomes values and number formats for the memory grid, as sparse as the file: a stray cell at
// XFD1048576 costs one cell, not the sheet between. A sheet holding values in more rows than the
// jobs read as a table (MAX_TABLE_ROWS) is refused as the command line refuses it, the reading
// stopped there. The cells' DOCSHEET formulas come with them, to be calculated again (formulas.ts),
// showing the values the file holds until then, as Excel shows a workbook's figures until it
// calculates; a DOCSHEET table's cells (an array formula's range) are known as its spill, which the
// calculation clears before it spills the table again. Other formulas keep the values the file holds.
import { parseFormula } from "../../functions/formula";
import type { CellRect, CellValue } from "../../workbook/port";
import { clearCovered, openFastXlsx } from "../../workbook/xlsx-read";

export interface LoadedSheet {
  name: string;
  values: CellValue[][];
  formats: string[][];
  /** "row,col" → the cell's DOCSHEET formula, as typed (`=DOCSHEET.TOTAL(...)`). */
  formulas: Map<string, string>;
  /** "row,col" of a DOCSHEET table's formula → the values the file holds in the cells it filled
   * (sparse, from its cell), as formulas.ts keeps a table it spilled. */
  spills: Map<string, CellValue[][]>;
}

/** Excel saves an add-in's function as `_xldudf_DOCSHEET_TOTAL(`; the grid shows it as typed. */
const typedForm = (formula: string): string => formula.replace(/_xldudf_DOCSHEET_([A-Za-z]+)\s*\(/gi, (_, name: string) => `DOCSHEET.${name.toUpperCase()}(`);

export async function loadXlsx(data: ArrayBuffer): Promise<LoadedSheet[]> {
  const workbook = await openFastXlsx(new Uint8Array(data), { formulas: true });
  return workbook.sheetNames.map((name) => {
    const { values, formats, rows, formulas: all = new Map<string, string>(), arrays = new Map<string, CellRect>() } = workbook.sheet(name, { table: true });
    const formulas = new Map<string, string>();
    const spills = new Map<string, CellValue[][]>();
    const spilled = new Map<CellRect, CellValue[][]>();
    for (const [key, formula] of all) {
      if (parseFormula(formula).kind !== "call") continue;
      formulas.set(key, typedForm(formula));
      const area = arrays.get(key);
      if (!area) continue;
      const table: CellValue[][] = [[values[area.top]?.[area.left] ?? null]];
      spilled.set(area, table);
      spills.set(key, table);
    }
    // The cells each table covers, found as merged cells are (the work follows the cells present).
    clearCovered(name, values, rows, [...spilled.keys()], "arraysOverlap", (area, row, col, value) => {
      (spilled.get(area)![row - area.top] ??= [])[col - area.left] = value;
    });
    return { name, values, formats, formulas, spills };
  });
}
