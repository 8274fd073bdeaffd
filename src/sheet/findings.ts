// A finding pinned to a cell: what the CLI prints, the task pane lists and the port marks.
import type { Message } from "../rules/message";
import { cellAddress } from "../workbook/address";

export interface CellFinding {
  sheet: string;
  /** A1 address, e.g. "E7". */
  cell: string;
  /** Column key of the field ("item.pricePerUnit", "grandTotal"); "" when it is about the row. */
  field: string;
  /** The English of `msg` (what `docsheet check --json` prints). */
  message: string;
  /** The message by key: shown through render(msg, lang). */
  msg: Message;
  /** error: stops the document; warning: may be wrong, said but not stopping (s.86/4 details);
   * note: something DocSheet did for the user (a leading zero restored), never a problem. */
  severity: "error" | "warning" | "note";
  row: number;
  col: number;
}

export function cellFinding(
  sheet: string, row: number, col: number, field: string, msg: Message, severity: CellFinding["severity"] = "error",
): CellFinding {
  return { sheet, cell: cellAddress(row, col), field, message: msg.text, msg, severity, row, col };
}

/** The public form: `{sheet, cell, field, message}` (what `docsheet check --json` prints). */
export function publicFinding(f: CellFinding): { sheet: string; cell: string; field: string; message: string } {
  return { sheet: f.sheet, cell: f.cell, field: f.field, message: f.message };
}

/** Sheet order: by row, then column. */
export function sortFindings(list: CellFinding[]): CellFinding[] {
  return [...list].sort((a, b) => a.row - b.row || a.col - b.col);
}
