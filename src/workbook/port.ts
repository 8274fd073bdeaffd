// The port: the only way the rest of DocSheet touches a spreadsheet. Three hosts implement it:
// Excel through Office.js (excel.ts), .xlsx files for the command line (xlsx.ts), and an in-memory
// grid for the preview page and tests (memory.ts). Rows and columns are 0-based sheet positions.

/** A cell that holds an Excel error such as #N/A or #DIV/0!. */
export interface CellError {
  error: string;
}

/**
 * What a cell holds. Dates are Excel serial numbers; the number format tells that they are dates
 * (memory and xlsx hosts may also hand a JS Date). Empty cells are null.
 */
export type CellValue = string | number | boolean | Date | CellError | null;

export function isCellError(v: unknown): v is CellError {
  return typeof v === "object" && v !== null && !(v instanceof Date) && typeof (v as CellError).error === "string";
}

/** A rectangular block read from one sheet. */
export interface Block {
  sheet: string;
  /** Sheet position of values[0][0]. */
  top: number;
  left: number;
  values: CellValue[][];
  /** Number formats, same shape as values ("General", "yyyy-mm-dd", "#,##0.00", ...). */
  formats: string[][];
  /** Merged areas that touch the block, in sheet positions (inclusive). */
  merged: CellRect[];
  /** The workbook's lookup lists (the used range of LISTS_SHEET from A1), when it has that sheet. */
  lists?: CellValue[][];
  /** Asked for by ReadTarget.along, when the host reads them with the range (Excel: no sync of
   * their own); else left out, and read through the port. */
  along?: {
    /** The host's id of the sheet read. */
    sheetId: string;
    /** The workbook's records (RECORDS_SHEET) as the read found them, when asked. */
    records?: ReadonlyMap<string, string>;
    /** The settings asked for: text, or null when not set. */
    settings: ReadonlyMap<string, string | null>;
  };
}

/** The hidden sheet that holds the lookup lists templates pick from (contacts, products, channels). */
export const LISTS_SHEET = "DocSheet lists";

export interface CellRect {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

/** A block of values to write at a sheet position. */
export interface CellWrite {
  row: number;
  col: number;
  values: CellValue[][];
  /** Optional number formats, same shape as values; omitted cells keep theirs. */
  formats?: (string | null)[][];
  /** Hides the write's columns from view (a fingerprint column added by a job). */
  hideColumns?: boolean;
}

/** A message pinned to one cell. */
export interface CellMark {
  row: number;
  col: number;
  message: string;
  /** What the mark says of the cell (its fill where the host has one): a problem by default; a
   * warning, or a note of what DocSheet did for the user (never shown as a problem). */
  tone?: "error" | "warning" | "note";
}

/** A column of a sheet the port creates (pulls, templates). */
export interface ColumnSpec {
  header: string;
  /** "text", "money" (#,##0.00), "quantity" (#,##0.####), "integer", "date", "boolean". */
  kind: "text" | "money" | "quantity" | "integer" | "date" | "boolean";
  /** A list of allowed values: becomes a data validation drop-down where the host supports it. */
  allowed?: readonly (string | number)[];
  /** A number format of its own instead of the kind's (a report's Buddhist-era dates: "dd/mm/bbbb"). */
  format?: string;
  /** A drop-down of the values in a column of another sheet (the lookup lists), from its row 2 down
   * to its last filled cell. Other values are allowed after a warning: a new customer, a typed id. */
  lookup?: ListRef;
  /** Hidden from view (the fingerprint a pull or post keeps for update). */
  hidden?: boolean;
}

/** A column of a sheet, for validation lists that refer to it. */
export interface ListRef {
  sheet: string;
  col: number;
}

/** A cell of a table's totals row: a label, the sum of its column (a formula in the sheet; `value`
 * is what it comes to, kept by hosts that do not calculate), or nothing. */
export type TotalCell = { label: string } | { sum: number } | null;

export interface TableOptions {
  /** A hidden sheet written (its contents replaced) in the same action, before the table's
   * lookups refer to it. */
  hidden?: { name: string; rows: CellValue[][] };
  /** Records (loadRecord / saveRecord) saved in the same action, keyed by the name the sheet got:
   * what the sheet is (the family it holds, the company it belongs to); with them the port saves
   * sheetNameKey(its id) → that name (records.ts), so they follow a rename. */
  records?: (sheet: string) => ReadonlyMap<string, string>;
  /** The table's totals row, one cell per column (reports). */
  totals?: TotalCell[];
  /** Cells of the rows written as formulas ("=B2-B3", A1 references), same shape as the rows, null
   * where the value is written; the row keeps what the formula comes to, for hosts that do not
   * calculate (the in-memory grid) and as the file's cached result. */
  formulas?: (string | null)[][];
  /** A number format per row (same order as the rows) for its cells of number columns, instead of
   * their columns' where given: a count among a report's amounts shows 1, not 1.00. */
  rowFormats?: (string | null)[];
  /** Rows written from A1 above the table (a report's header block: company, tax id, month), each
   * a row of cells; the table's header row comes right under them. Formulas' A1 references count
   * these rows. */
  above?: CellValue[][];
  /** How the sheet prints, where the host can set it (a report the Revenue Department takes on paper). */
  print?: PrintLayout;
}

/** A sheet printed as a form: A4, one page wide, the rows above the table and its header row
 * repeated at the top of every page (print titles), and a page break under each row that ends a page. */
export interface PrintLayout {
  orientation: "portrait" | "landscape";
  /** Indexes into the table's rows of the rows that end a printed page (page totals): a manual
   * page break under each. */
  pageEnds: number[];
  /** Indexes into the table's rows of the rows in bold (page totals, told apart from documents). */
  strong?: number[];
  /** The page header's text, with Excel's codes &P (this page) and &N (pages): "Page &P of &N". */
  pageHeader?: string;
}

/** The sheet row (0-based) of a table's totals row: under the data rows, or under the one empty
 * row a table without rows keeps; `above`: rows over the table's header. */
export function totalsRowIndex(rowCount: number, above = 0): number {
  return above + 1 + Math.max(1, rowCount);
}

/** The formula a totals row holds for the sum of a column: what Excel writes for a table's Sum. */
export function subtotalFormula(header: string): string {
  // Structured references escape [ ] # ' with a '.
  return `=SUBTOTAL(109,[${header.replace(/['#[\]]/g, "'$&")}])`;
}

export interface ReadTarget {
  /** Sheet to read; default the active sheet. */
  sheet?: string;
  /** A1 range to read; default: the selection if it spans more than one cell, else the table or
   * current region around the active cell (Excel), or the used range (files, memory). */
  range?: string;
  /** The sheet's whole used range, whatever is selected (a refresh reads the whole pulled sheet). */
  whole?: boolean;
  /** Read with the range when the host can (Block.along): the sheet's id, the records when asked,
   * and the settings these keys name (given the sheet's name). */
  along?: { records?: boolean; settings?: (sheet: string) => readonly string[] };
}

export interface WorkbookPort {
  /** Reads values, number formats and merged areas in one go, and the lookup lists (LISTS_SHEET)
   * when the workbook has them. */
  read(target?: ReadTarget): Promise<Block>;
  /** Writes blocks of values. Text that starts with = + - @ is kept as text, never a formula. */
  write(sheet: string, writes: CellWrite[]): Promise<void>;
  /** Marks cells with a fill the port can clear later, and the message as a note or comment where
   * the host supports it. */
  mark(sheet: string, marks: CellMark[]): Promise<void>;
  /** Removes every mark this port made on the sheet, and only those. */
  clearMarks(sheet: string): Promise<void>;
  /** Replaces the marks this port made on the sheet with these (none: only clears), in one action:
   * what a check does after reading the sheet. */
  remark(sheet: string, marks: CellMark[]): Promise<void>;
  /** After mark() or remark(): the messages the host could not put at their cell (Excel without
   * notes or comments), for the sheet's result column. Hosts that place every message leave it unset. */
  readonly lastMark?: { readonly unplaced: CellMark[] };
  /** Adds a sheet holding a table: header row, rows, column formats and validation lists. Returns
   * the name the sheet got (a suffix is added when the name is taken). */
  addTableSheet(name: string, columns: ColumnSpec[], rows: CellValue[][], options?: TableOptions): Promise<string>;
  /** Makes the table whose last row holds the cell `at` take `rows` more rows below it, so rows a
   * job appends under a table (refresh) join it: the table's formats, drop-downs, totals and the
   * user's formula columns follow them. Nothing when no table holds the cell, or the table already
   * reaches that far. Call before writing the rows. */
  extendTable(sheet: string, at: { row: number; col: number }, rows: number): Promise<void>;
  /** Writes rows from A1 of a hidden sheet, replacing all it held; the sheet is made when missing. */
  writeHiddenSheet(name: string, rows: CellValue[][]): Promise<void>;
  /** Moves the selection to a cell (a click on a finding). */
  select(sheet: string, row: number, col: number): Promise<void>;
  sheetNames(): Promise<string[]>;
  /** The host's id of the sheet, which a rename keeps (Excel's worksheet id, the file's sheet id);
   * null when there is no such sheet. */
  sheetId?(sheet: string): Promise<string | null>;
  /** A small setting saved with the workbook (the pane's column mappings); never a secret. null: none. */
  loadSetting(key: string): Promise<string | null>;
  /** Saves a setting with the workbook; null removes it. */
  saveSetting(key: string, value: string | null): Promise<void>;
  /** A record DocSheet keeps in the workbook under a key (post runs, per-document data; JSON by
   * convention, never a secret), on the very hidden RECORDS_SHEET (records.ts) so it travels with
   * the file in Excel, .xlsx and memory alike. null: none. */
  loadRecord(key: string): Promise<string | null>;
  /** Saves a record in the workbook, replacing the key's old one; null removes it. */
  saveRecord(key: string, value: string | null): Promise<void>;
  /** Calculates every formula of the workbook again, so the worksheet functions (DOCSHEET.…) are
   * called anew ("Refresh figures"). Absent where the host does not calculate formulas. */
  recalculate?(): Promise<void>;
}
