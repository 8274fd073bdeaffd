// The books' jobs (journal vouchers, contacts, products): what is left of them once every job is
// written once for every family. A book is checked by the check job (jobs/check.ts), posted by the
// post job (jobs/post.ts) with the books' posting (families/post-books.ts), pulled by the pull job
// (jobs/pull.ts) with its pulling (families/pull-books.ts) and updated by the update job
// (jobs/update.ts) with its updating (families/update-books.ts), as every family is.
import type { DocSheetClient } from "../api";
import type { BookFamily } from "../rules/codes";
import type { CellFinding } from "../sheet/findings";
import type { ColumnMapping } from "../sheet/column-mapping";
import type { ReadTarget, WorkbookPort } from "../workbook/port";
import { postJob, type PostJobOptions, type ResultKind } from "./post";
import type { ShownChange } from "./shown-change";
import type { JobContext } from "./types";

export interface BookJobOptions extends JobContext {
  family: BookFamily;
  target?: ReadTarget;
  /** Which field each header is (docsheet map, the pane's Columns); else the headers' labels. */
  mapping?: ColumnMapping;
}

export { readBook, recordName } from "./book-parts";

// --- post ---

/** `found`: made by another run (a killed one, or one at the same time); `existing`: on the service
 * before (a person's, or another sheet's); `repeated`: a row naming the record an earlier row of the
 * same run made or found (it gets that row's id). An update's: updated, unchanged, conflict. */
export type BookResultKind = ResultKind | "updated" | "unchanged" | "conflict";

export interface BookResult {
  key: string;
  rows: number[];
  kind: BookResultKind;
  recordId?: number;
  /** In the run's language, as written into the result column. */
  message: string;
  /** An update's changed fields, the service's value against the sheet's (the preview's lines). */
  changes?: ShownChange[];
}

export interface BookPostOutcome {
  sheet: string;
  results: BookResult[];
  findings: CellFinding[];
  counts: Record<BookResultKind, number>;
}

export type BookPostOptions = BookJobOptions & Omit<PostJobOptions, "family">;

/** A book's post is the post job's (jobs/post.ts, with the books' posting: families/post-books.ts),
 * its counts with an update's (none) beside, as the pane shows posts and updates alike. */
export async function postBookJob(port: WorkbookPort, client: DocSheetClient, opts: BookPostOptions): Promise<BookPostOutcome> {
  const outcome = await postJob(port, client, opts);
  return { ...outcome, counts: { ...outcome.counts, updated: 0, unchanged: 0, conflict: 0 } };
}
