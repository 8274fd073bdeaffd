// The books' jobs (journal vouchers, contacts, products): check, on the same port and sheet-family
// record as the documents'. A book is posted by the post job (jobs/post.ts) with the books' posting
// (families/post-books.ts), pulled by the pull job (jobs/pull.ts) with its pulling
// (families/pull-books.ts) and updated by the update job (jobs/update.ts) with its updating
// (families/update-books.ts), as every family is.
import type { DocSheetClient } from "../api";
import type { BookFamily } from "../rules/codes";
import { accountIndex, type AccountIndex, type ChartAccount } from "../sheet/books/accounts";
import { checkBook } from "../sheet/books/build";
import { sortFindings, type CellFinding } from "../sheet/findings";
import { resultMsg } from "../sheet/i18n/results";
import { recordCount } from "../sheet/i18n/record-count";
import { listEntries } from "../sheet/lookups";
import { findingMarks } from "../sheet/mark-text";
import type { ColumnMapping } from "../sheet/column-mapping";
import type { CellValue, ReadTarget, WorkbookPort } from "../workbook/port";
import { readBook } from "./book-parts";
import { postJob, type PostJobOptions, type ResultKind } from "./post";
import type { ShownChange } from "./shown-change";
import { familyEntry } from "../families";
import { throwIfCancelled, type CheckOutcome, type JobContext } from "./types";
import { render } from "../sheet/i18n/render";

export interface BookJobOptions extends JobContext {
  family: BookFamily;
  target?: ReadTarget;
  /** Which field each header is (docsheet map, the pane's Columns); else the headers' labels. */
  mapping?: ColumnMapping;
}

export { readBook, recordName } from "./book-parts";

/** The chart the lists sheet holds ("41111 Sales revenue" labels: template or Refresh lists with a
 * connection), so a check without a connection knows the accounts; none without lists. */
function listedAccounts(lists: CellValue[][] | undefined): AccountIndex | undefined {
  const chart = (lists ? listEntries(lists, "accounts") : []).flatMap((e): ChartAccount[] => {
    const m = /^(\S+)\s*(.*)$/.exec(e.label);
    return m ? [{ id: e.id, code: m[1], nameLocal: m[2], nameForeign: m[2] }] : [];
  });
  return chart.length > 0 ? accountIndex(chart) : undefined;
}

export async function checkBookJob(port: WorkbookPort, opts: BookJobOptions & { mark?: boolean }): Promise<CheckOutcome> {
  throwIfCancelled(opts.signal);
  const block = await port.read(opts.target);
  const read = readBook(block, opts.family, opts.mapping);
  const { findings } = checkBook(read, opts.family, familyEntry(opts.family).usesAccounts ? listedAccounts(block.lists) : undefined);
  const lang = opts.lang ?? "en";
  const n = read.documents.length;
  opts.onProgress?.({ done: n, total: n, message: render(resultMsg("checkedRecords", { records: recordCount(opts.family, n) }), lang) });
  if (opts.mark) await port.remark(block.sheet, findingMarks(findings, lang));
  return { sheet: block.sheet, documents: n, findings: sortFindings(findings) };
}

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
