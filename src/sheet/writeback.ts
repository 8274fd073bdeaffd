// Results written back into the sheet: recordId, documentSerial, status, result (and share links,
// PDF files, the document an upgrade made) on every row of a document. Missing result columns are
// added at the right of the header. Pure: returns the writes for the port to make.
import type { CellValue, CellWrite } from "../workbook/port";
import type { SheetDocument, SheetLayout } from "./read";

export type ResultKey =
  | "recordId" | "documentSerial" | "status" | "result" | "shareLink" | "pdfFile"
  | "upgradedTo" | "upgradedRecordId" | "upgradedSerial" | "fingerprint";

export interface ResultColumns {
  cols: Partial<Record<ResultKey, number>>;
  /** Header cells to write for the columns that were missing. */
  headerWrites: CellWrite[];
}

/** Finds the result columns, adding the missing ones after the last header. */
export function resultColumns(layout: SheetLayout, keys: readonly ResultKey[]): ResultColumns {
  const cols: Partial<Record<ResultKey, number>> = {};
  const headerWrites: CellWrite[] = [];
  let next = layout.headers.right + 1;
  for (const key of keys) {
    const existing = layout.headers.columns.get(key);
    if (existing !== undefined) cols[key] = existing;
    else {
      cols[key] = next;
      headerWrites.push({ row: layout.headerRow, col: next, values: [[key]] });
      next++;
    }
  }
  return { cols, headerWrites };
}

/** Writes `values` into the result columns of every row of a document. */
export function resultWrites(doc: SheetDocument, cols: ResultColumns["cols"], values: Partial<Record<ResultKey, CellValue>>): CellWrite[] {
  const writes: CellWrite[] = [];
  const entries = (Object.entries(values) as [ResultKey, CellValue][]).filter(([k]) => cols[k] !== undefined);
  for (const row of doc.rows) {
    for (const [key, value] of entries) writes.push({ row, col: cols[key]!, values: [[value]] });
  }
  return writes;
}
