// The check job: read the sheet, run the shared rules on every document, report (and optionally
// mark) each finding at its cell.
import type { Family } from "../rules/codes";
import type { Json } from "../rules/json";
import { checkSheet } from "../sheet/check";
import { resultMsg } from "../sheet/i18n/results";
import { render } from "../sheet/i18n/render";
import type { ColumnMapping } from "../sheet/mapping";
import { findingMarks } from "../sheet/mark-text";
import { readDocuments } from "../sheet/read";
import type { ReadTarget, WorkbookPort } from "../workbook/port";
import { localDate, throwIfCancelled, type CheckOutcome, type JobContext } from "./types";

export interface CheckJobOptions extends JobContext {
  family: Family;
  target?: ReadTarget;
  /** Which field each header is (docsheet map, the pane's mapping), checked for this family by parseMapping. */
  mapping?: ColumnMapping;
  /** Mark the cells of the findings on the sheet (after clearing earlier marks). */
  mark?: boolean;
  /** The company's expense categories (jobs/categories.ts), when connected: an expense's category
   * is then read by name or code, its accounts from it. */
  categories?: readonly Json[];
}

export async function checkJob(port: WorkbookPort, opts: CheckJobOptions): Promise<CheckOutcome> {
  throwIfCancelled(opts.signal);
  const block = await port.read(opts.target);
  const read = readDocuments(block, { mapping: opts.mapping, family: opts.family, categories: opts.categories });
  const today = localDate((opts.now ?? (() => new Date()))());
  const { documents, findings } = checkSheet(read, opts.family, today);
  const lang = opts.lang ?? "en";
  const checked = documents.length === 1 ? resultMsg("checkedOne") : resultMsg("checked", { n: documents.length });
  opts.onProgress?.({ done: documents.length, total: documents.length, message: render(checked, lang) });
  // Old marks cleared and new ones made in one action: in Excel one sync after the read.
  if (opts.mark) await port.remark(block.sheet, findingMarks(findings, lang));
  return { sheet: block.sheet, documents: read.documents.length, findings };
}
