// Header row → which column holds which field. Unknown headers are ignored with a warning;
// a field named twice is an error on the second header.
import type { CellValue } from "../workbook/port";
import { cellAddress } from "./address";
import { fieldForHeader, type FieldDef } from "./fields";
import { cellFinding, type CellFinding } from "./findings";
import { isEmptyCell } from "./values";

export interface HeaderMap {
  /** Field key → sheet column. */
  columns: Map<string, number>;
  /** Sheet column → field, for the mapped columns. */
  byColumn: Map<number, FieldDef>;
  /** Header texts, by sheet column (from `left`). */
  texts: string[];
  left: number;
  /** Rightmost column that has a header. */
  right: number;
  findings: CellFinding[];
}

export function mapHeaders(sheet: string, headerRow: number, left: number, cells: readonly CellValue[]): HeaderMap {
  const columns = new Map<string, number>();
  const byColumn = new Map<number, FieldDef>();
  const findings: CellFinding[] = [];
  const texts: string[] = [];
  let right = left - 1;
  cells.forEach((v, i) => {
    const col = left + i;
    const text = isEmptyCell(v) || typeof v === "object" ? "" : String(v).trim();
    texts.push(text);
    if (!text) return;
    right = col;
    const def = fieldForHeader(text);
    if (!def) {
      findings.push(cellFinding(sheet, headerRow, col, "", `Column "${text}" names no field; it is ignored.`, "warning"));
      return;
    }
    const earlier = columns.get(def.key);
    if (earlier !== undefined) {
      findings.push(cellFinding(sheet, headerRow, col, def.key,
        `Column "${text}" names ${def.key} again (already column ${cellAddress(headerRow, earlier).replace(/\d+$/, "")}); keep one.`));
      return;
    }
    columns.set(def.key, col);
    byColumn.set(col, def);
  });
  return { columns, byColumn, texts, left, right, findings };
}
