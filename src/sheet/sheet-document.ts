// A document as read from rows, every value with the cell it came from. Apart from read.ts so that
// what read.ts calls (lookups.ts) names it without a circle.
import type { Parsed } from "./parsed";
import type { CellFinding } from "./findings";
import type { HeaderMap } from "./headers";

export interface SheetCell<T = Parsed> {
  value: T;
  row: number;
  col: number;
  /** Another spelling the service takes for the same value (an account's code for its id). */
  alias?: T;
  /** Not from a cell: the mapping's value for every row (row: the document's or line's row; col:
   * the field's column when it has one, else the row's first cell). */
  stated?: true;
}

export interface SheetLine {
  row: number;
  /** Line fields by column key ("item.name"). */
  fields: Record<string, SheetCell>;
  /** Keys of line fields whose cell could not be read (not in `fields`). */
  unreadable: Set<string>;
}

export interface SheetDocument {
  /** documentKey, or "row N" (sheet row, 1-based) when the sheet has no documentKey column. */
  key: string;
  /** Sheet rows of this document, in sheet order. */
  rows: number[];
  firstRow: number;
  /** Document, payment, source and result fields by column key, from the first row that has them. */
  fields: Record<string, SheetCell>;
  lines: SheetLine[];
  /** Keys of document, payment and source fields with a cell that could not be read (not in `fields`). */
  unreadable: Set<string>;
  /** A cell of this document could not be read (or its rows disagree): it must not be sent. */
  broken: boolean;
}

export interface SheetLayout {
  sheet: string;
  headerRow: number;
  /** First and last data row read (sheet rows). */
  firstDataRow: number;
  lastRow: number;
  headers: HeaderMap;
  /** The mapping's values for every row, read as cells of their fields (field key → value). */
  values: ReadonlyMap<string, Parsed>;
}

export interface ReadResult {
  layout: SheetLayout;
  documents: SheetDocument[];
  findings: CellFinding[];
}
