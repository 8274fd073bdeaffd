// A saved column mapping (pane) or mapping file (CLI --mapping): which field each header is.
// Apart from mapping.ts, which suggests and checks mappings, so that headers.ts reads with one
// without a circle.
import type { BookFamily, Family, WhtFamily } from "../rules/codes";

/** The families a sheet can be mapped for: the documents, the certificates and the books. */
export type MapFamily = Family | WhtFamily | BookFamily;

/** `{"family": "tax-invoices", "columns": {"Invoice No": "documentKey", "Colour": null}, "values":
 * {"isVat": true}}`: null ignores a column. */
export interface ColumnMapping {
  family: MapFamily;
  /** Header text → field key as the worksheet layout names it (`contactName`, `item.quantity`). */
  columns: Record<string, string | null>;
  /** Field key → the value of every row, as a cell of that field would hold it (`true`, `"7%"`,
   * `"2026-01-31"`), for a field the sheet has no column for. Read as if every row had that cell;
   * where the sheet has a column of the field too, its filled cells win and its empty cells take
   * the value (read.ts). */
  values?: Record<string, StatedValue>;
}

/** A value for every row, as the mapping file holds it. */
export type StatedValue = string | number | boolean;
