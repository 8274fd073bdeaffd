// The books' jobs (journal vouchers, contacts, products): check and update, on the same port,
// client, company guard, sheet-family record and write-back as the documents'. A book is posted by
// the post job (jobs/post.ts) with the books' posting (families/post-books.ts), and pulled by the
// pull job (jobs/pull.ts) with its pulling (families/pull-books.ts), as every family is.
import type { Message } from "../rules/message";
import type { DocSheetClient } from "../api";
import type { BookFamily } from "../rules/codes";
import { accountIndex, type AccountIndex, type ChartAccount } from "../sheet/books/accounts";
import { checkBook } from "../sheet/books/build";
import { sortFindings, type CellFinding } from "../sheet/findings";
import type { Lang } from "../sheet/i18n/lang";
import { resultMsg, rowResultMsg } from "../sheet/i18n/results";
import { recordCount } from "../sheet/i18n/record-count";
import { listEntries } from "../sheet/lookups";
import { findingMarks } from "../sheet/mark-text";
import type { ReadResult, SheetDocument } from "../sheet/read";
import type { ColumnMapping } from "../sheet/column-mapping";
import { resultColumns, resultWrites } from "../sheet/writeback";
import type { Block, CellValue, ReadTarget, WorkbookPort } from "../workbook/port";
import { checkRecords } from "./records-truth";
import { isConnectionFailure, mayHaveReached, notSentMsg, runStoppedError, stopIfGone } from "./stop";
import { errorMsg } from "./error-text";
import { bookFingerprint } from "../sheet/books/fingerprint";
import { assertRows } from "./no-rows";
import { runPool } from "./pool";
import { WriteBatch } from "./write-batch";
import { readBook } from "./book-parts";
import { postJob, type PostJobOptions, type ResultKind } from "./post";
import { bookUpdating } from "../families/update-books";
import type { ShownChange } from "./shown-change";
import { assertSheetFamily } from "./sheet-family";
import { familyEntry } from "../families";
import { inSheetOrder, throwIfCancelled, type CheckOutcome, type JobContext } from "./types";
import type { Json } from "../rules/json";
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

function countsOf(results: readonly BookResult[]): Record<BookResultKind, number> {
  const counts = { created: 0, found: 0, existing: 0, repeated: 0, skipped: 0, invalid: 0, failed: 0, unknown: 0, cancelled: 0, updated: 0, unchanged: 0, conflict: 0 };
  for (const r of results) counts[r.kind]++;
  return counts;
}

/** The sheet a sending job works on, read as the family's, once it is known to hold that family. */
async function openSheet(port: WorkbookPort, opts: BookJobOptions): Promise<{ block: Block; read: ReadResult; sheet: string; lang: Lang }> {
  const lang = opts.lang ?? "en";
  const block = await port.read(opts.target);
  const read = readBook(block, opts.family, opts.mapping);
  await assertSheetFamily(port, block.sheet, opts.family, lang);
  return { block, read, sheet: block.sheet, lang };
}

// --- update ---

export interface BookUpdateOptions extends BookJobOptions {
  /** Say what would change; send and write nothing. */
  dryRun?: boolean;
  /** Only the records with a row among these (sheet rows, 0-based); default every row with a record id. */
  rows?: readonly number[];
  concurrency?: number;
}

/**
 * Sends the edits of rows that have a record id (contacts and products: PUT with the service's
 * copy and the sheet's fields over it), each row saying which fields changed. A journal voucher
 * cannot be edited through the interface: its rows say so and nothing is sent.
 */
export async function updateBookJob(port: WorkbookPort, client: DocSheetClient, opts: BookUpdateOptions): Promise<BookPostOutcome> {
  const { family, signal } = opts;
  const { block, read, sheet, lang } = await openSheet(port, opts);
  const wanted = opts.rows ? new Set(opts.rows) : undefined;
  const posted = read.documents.filter((d) => d.fields.recordId && (!wanted || d.rows.some((r) => wanted.has(r))));
  assertRows(block, read, lang, undefined, posted.length);
  const now = opts.now ?? (() => new Date());
  const entry = familyEntry(family);
  // As the documents' update: another company's sheet is refused, and the records the rows and the
  // post record name are verified on the service first (records-truth.ts), their copies read there.
  const verified = await stopIfGone(checkRecords(port, client, {
    sheet, family, lang, signal, now, lists: block.lists !== undefined, concurrency: opts.concurrency ?? 4,
    documents: posted.map((d) => ({ recordId: Number(d.fields.recordId!.value), row: d.firstRow, fingerprint: d.fields.fingerprint?.value })),
  }), posted.length, lang);
  const columns = resultColumns(read.layout, entry.updates ? ["result", "fingerprint"] : ["result"]);
  const batch = new WriteBatch(port, sheet);
  if (!opts.dryRun) batch.add(columns.headerWrites, 0);
  const results: BookResult[] = [];
  const findings: CellFinding[] = [...read.findings];
  const report = async (doc: SheetDocument, kind: BookResultKind, message: Message, answer?: Json, changes?: ShownChange[]): Promise<void> => {
    const r: BookResult = { key: doc.key, rows: doc.rows, kind, recordId: Number(doc.fields.recordId?.value), message: render(message, lang), ...(changes ? { changes } : {}) };
    results.push(r);
    if (!opts.dryRun) await batch.push(resultWrites(doc, columns.cols, { result: r.message, ...(answer ? { fingerprint: bookFingerprint(answer) } : {}) }));
    // Progress as the documents' update reports it: each row as it is done.
    opts.onProgress?.({ done: results.length, total: posted.length, message: render(rowResultMsg(doc.key, doc.firstRow + 1, message), lang) });
  };
  const updating = bookUpdating(family);
  await stopIfGone(updating.prepare(client, read.layout, posted.length, signal), posted.length, lang);
  // The connection lost (refused, the service gone): no row is started after, as the documents' update.
  let fatal: unknown;
  // Rows naming one record (a contact sent once for two rows) are not sent side by side: each
  // update rewrites the record from its own row, so the last would undo the others. The first
  // row naming it is the one sent.
  const firstOf = new Map<number, SheetDocument>();
  for (const doc of posted) if (!firstOf.has(Number(doc.fields.recordId!.value))) firstOf.set(Number(doc.fields.recordId!.value), doc);
  await runPool(posted, opts.concurrency ?? 4, async (doc) => {
    if (!updating.updates) return report(doc, "invalid", resultMsg("journalNoUpdate"));
    const first = firstOf.get(Number(doc.fields.recordId!.value))!;
    if (first !== doc) return report(doc, "unchanged", resultMsg("sameRecordAsRow", { row: first.firstRow + 1 }));
    const id = Number(doc.fields.recordId!.value);
    let sending = false;
    try {
      // One verified deleted is read again: its row says what the service answers.
      const current = (verified.found.get(id) as unknown as Json | undefined) ?? await entry.store(client).get(id, signal);
      const row = await updating.plan(client, doc, current, lang, signal);
      findings.push(...row.findings);
      if (row.kind !== "update" || !row.send) return report(doc, row.kind === "update" ? "unchanged" : row.kind, row.message);
      if (opts.dryRun) return report(doc, "updated", row.message, undefined, row.changes);
      sending = true;
      const answer = await row.send(signal);
      return report(doc, "updated", row.done ?? row.message, answer, row.changes);
    } catch (err) {
      if (!isConnectionFailure(err)) return report(doc, "failed", errorMsg(err));
      fatal ??= err;
      if (sending && mayHaveReached(err)) return report(doc, "failed", resultMsg("updateUnknown"));
    }
  }, () => fatal !== undefined || signal?.aborted === true);
  // The rows a stop left say so, as the documents' do.
  const reported = new Set(results.map((r) => r.key));
  for (const doc of posted) if (!reported.has(doc.key)) await report(doc, "cancelled", notSentMsg(fatal));
  await batch.flush();
  if (fatal) {
    const counts = countsOf(results);
    throw runStoppedError(fatal, opts.dryRun ? { done: 0, notSent: posted.length } : { done: counts.updated, notSent: counts.cancelled }, lang);
  }
  return { sheet, results: inSheetOrder(results), findings: sortFindings(findings), counts: countsOf(results) };
}
