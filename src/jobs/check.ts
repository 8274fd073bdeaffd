// The check job, one for every family: the sheet read and checked as its family's posting reads and
// checks it (families/posting.ts), the very steps a post runs before sending (checkRows), so a post
// sends nothing check would refuse and check passes nothing a post refuses. Each finding is
// reported (and optionally marked) at its cell.
import type { DocSheetClient } from "../api";
import { postingOf } from "../families/postings";
import type { PostBuilt, Posting } from "../families/posting";
import type { SheetFamily } from "../rules/codes";
import { sortFindings, type CellFinding } from "../sheet/findings";
import { recordCount } from "../sheet/i18n/record-count";
import { render } from "../sheet/i18n/render";
import { resultMsg } from "../sheet/i18n/results";
import type { ColumnMapping } from "../sheet/mapping";
import { documentMarker } from "../sheet/marker";
import { findingMarks } from "../sheet/mark-text";
import type { ReadResult, SheetDocument } from "../sheet/read";
import type { Block, ReadTarget, WorkbookPort } from "../workbook/port";
import { localDate, throwIfCancelled, type CheckOutcome, type JobContext } from "./types";

export interface CheckJobOptions extends JobContext {
  family: SheetFamily;
  target?: ReadTarget;
  /** Which field each header is (docsheet map, the pane's mapping), checked for this family by parseMapping. */
  mapping?: ColumnMapping;
  /** Mark the cells of the findings on the sheet (after clearing earlier marks). */
  mark?: boolean;
  /** The connection, when there is one: the sheet is read as a post reads it (an expense's category
   * by name or code, a book's accounts from the company's chart). When the service cannot be read,
   * the sheet is checked as without one. */
  client?: DocSheetClient | null;
  /** Also the figures each record would be created with, where its family has them (the pane's summary). */
  figures?: boolean;
}

/** The family's check of the records not posted yet, each built with its row's marker: what a post
 * sends is what is checked. */
export function checkRows<B>(posting: Posting<B>, read: ReadResult, sheet: string, today: string): ReturnType<Posting<B>["check"]> {
  const markers = new Map<SheetDocument, string>();
  const markerOf = (doc: SheetDocument): string => {
    let m = markers.get(doc);
    if (m === undefined) markers.set(doc, (m = documentMarker(sheet, doc)));
    return m;
  };
  return posting.check(read, { today, markerOf });
}

export async function checkJob(port: WorkbookPort, opts: CheckJobOptions): Promise<CheckOutcome> {
  throwIfCancelled(opts.signal);
  const posting = postingOf(opts.family);
  if (!posting) throw new Error(`${opts.family} has no check`);
  const block = await port.read(opts.target);
  const read = await readSheet(posting, block, opts);
  const today = localDate((opts.now ?? (() => new Date()))());
  const checked = checkRows(posting, read, block.sheet, today);
  const findings: CellFinding[] = sortFindings(checked.shown ?? checked.findings);
  const lang = opts.lang ?? "en";
  const n = read.documents.length;
  opts.onProgress?.({ done: n, total: n, message: render(resultMsg("checkedRecords", { records: recordCount(opts.family, n) }), lang) });
  // Old marks cleared and new ones made in one action: in Excel one sync after the read.
  if (opts.mark) await port.remark(block.sheet, findingMarks(findings, lang));
  const figuresOf = opts.figures ? posting.figures : undefined;
  return {
    sheet: block.sheet, documents: n, findings,
    ...(figuresOf ? { figures: checked.records.map((p: PostBuilt) => ({ key: p.doc.key, row: p.doc.firstRow, ...figuresOf(p) })) } : {}),
  };
}

/** The sheet as the post reads it; with the service unreadable, from the sheet alone. */
async function readSheet(posting: Posting, block: Block, opts: CheckJobOptions): Promise<ReadResult> {
  const o = { mapping: opts.mapping, signal: opts.signal };
  if (!opts.client) return posting.read(block, o);
  try {
    return await posting.read(block, { ...o, client: opts.client });
  } catch {
    // What the sheet itself refuses is refused again here, whatever the service said.
    throwIfCancelled(opts.signal);
    return posting.read(block, o);
  }
}
