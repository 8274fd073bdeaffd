// What a family's pull is (families/pullings.ts gives each family's): how its records are listed and
// turned into the rows of a new sheet, for the one pull job (jobs/pull.ts).
import type { DocSheetClient, ListQuery } from "../api";
import type { SheetFamily } from "../rules/codes";
import type { CellValue, ColumnSpec } from "../workbook/port";
import type { JobContext } from "../jobs/types";

export interface PullOptions<F extends SheetFamily = SheetFamily> extends JobContext {
  family: F;
  /** The list's filters; a family reads those it has (certificates: the dates and the search). */
  query?: Pick<ListQuery, "range" | "month" | "year" | "startDate" | "endDate" | "searchString" | "sortBy" | "filter">;
  /** One row per line instead of one per document (documents). */
  lines?: boolean;
  /** Sheet name; default the family's name (in the run's language). */
  sheetName?: string;
  /** Pages read at once. */
  concurrency?: number;
}

/** A pull read but not yet written: the sheet's name, columns and rows, and how many records. */
export interface PulledTable {
  name: string;
  columns: ColumnSpec[];
  rows: CellValue[][];
  documents: number;
}

export interface Pulling {
  /** Reads the family's records (of the query, where it has one) into a table. */
  table(client: DocSheetClient, opts: PullOptions): Promise<PulledTable>;
  /** Refresh reads the sheet again with the pull's own query (documents): the query is recorded. */
  readonly refreshable: boolean;
  /** What a failed connection says the run could not do (the CLI's words): certificates said
   * "cannot read the records" before pull was one job. */
  readonly failure: "pull" | "documents";
}
