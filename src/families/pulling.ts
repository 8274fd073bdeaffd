// What a family's pull is (families/pullings.ts gives each family's): how its records are listed and
// turned into the rows of a new sheet, for the one pull job (jobs/pull.ts), and how such a sheet is
// read again with the pull's own query, for the one refresh job (jobs/refresh.ts).
import type { DocSheetClient, ListQuery } from "../api";
import type { SheetFamily } from "../rules/codes";
import type { Json } from "../rules/json";
import type { Message } from "../rules/message";
import type { Lang } from "../sheet/i18n/lang";
import type { SheetDocument, SheetLayout } from "../sheet/read";
import type { Block, CellValue, ColumnSpec } from "../workbook/port";
import type { JobContext } from "../jobs/types";

export type PullQuery = Pick<ListQuery, "range" | "month" | "year" | "startDate" | "endDate" | "searchString" | "sortBy" | "filter">;

export interface PullOptions<F extends SheetFamily = SheetFamily> extends JobContext {
  family: F;
  /** The list's filters; a family reads those it has (certificates: the dates and the search). */
  query?: PullQuery;
  /** One row per line instead of one per document (documents). */
  lines?: boolean;
  /** Sheet name; default the family's name (in the run's language). */
  sheetName?: string;
  /** Pages read at once. */
  concurrency?: number;
}

/** What a pull kept with its sheet, for refresh to read it again: the family, one row per line or
 * not, the query. */
export interface PullRecord {
  family: SheetFamily;
  lines: boolean;
  query: PullQuery;
}

/** A pull read but not yet written: the sheet's name, columns and rows, and how many records. */
export interface PulledTable {
  name: string;
  columns: ColumnSpec[];
  rows: CellValue[][];
  documents: number;
}

/** One record's rows against the service's copy of it. */
export interface RowState {
  /** The fields edited in the sheet since the rows were written (pull, refresh) and not sent;
   * where the rows' fingerprint cannot tell, every field whose cells differ from the copy's. */
  edited: string[];
  /** The fields changed on the service since then (none named when the fingerprint cannot tell). */
  changed: string[];
  /** The record's status moved on the service since (said as such where no field is named). */
  statusMoved: boolean;
  /** The rows are the service's copy as it is: nothing to write. */
  same: boolean;
}

export interface RefreshOptions {
  lang: Lang;
  query: PullQuery;
  signal?: AbortSignal;
  concurrency?: number;
  /** Each page of the query's list as it is read. */
  onPage?(page: { page: number; done: number; total: number }): void;
}

/** A pulled sheet read for a refresh: its records as the rows hold them, and the service's records
 * as the family's pull writes them into the sheet's own columns. */
export interface RefreshSheet {
  readonly documents: readonly SheetDocument[];
  readonly layout: SheetLayout;
  /** The columns the pull writes, as this sheet has them, left to right: every other is the user's. */
  readonly columns: readonly number[];
  /** The field of each of those columns. */
  readonly keys: readonly string[];
  /** The number formats of a row appended below, in those columns. */
  readonly formats: readonly (string | null)[];
  /** The records of the pull's query on the service, with what their rows need (lines, accounts). */
  list(): Promise<Json[]>;
  /** A record's rows in `columns`, as the sheet shows them. */
  rowsOf(record: Json): CellValue[][];
  /** The rows against the service's copy (their fingerprint, their cells). */
  compare(doc: SheetDocument, record: Json): RowState;
  /** Whether the service's copy is void (its rows are marked so, never removed); a record deleted on
   * the service is one the records check finds gone (jobs/records-truth.ts). */
  voided(record: Json): boolean;
  /** Why a row's record id cannot be trusted to name the record the row means; undefined when it can. */
  mismatch(doc: SheetDocument, record: Json): Message | undefined;
  /** What the row calls its record (its serial, code or name), "" when nothing. */
  nameIn(doc: SheetDocument): string;
  /** A field's name in the run's language. */
  label(key: string): string;
}

export interface Pulling {
  /** Reads the family's records (of the query, where it has one) into a table. */
  table(client: DocSheetClient, opts: PullOptions): Promise<PulledTable>;
  /** Reads a sheet the pull wrote (the whole used range) for refresh. */
  refresh(client: DocSheetClient, block: Block, family: SheetFamily, opts: RefreshOptions): RefreshSheet;
  /** What a failed connection says the run could not do (the CLI's words): certificates said
   * "cannot read the records" before pull was one job. */
  readonly failure: "pull" | "documents";
}
