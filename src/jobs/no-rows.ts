// A job that sends (post, act, update) given nothing to work on says why, in the run's language,
// instead of answering "0 created" as if all went well: an empty selection, a header row alone, rows
// selected without their header row (their first row is read as the header and names no field), or
// selected rows that hold no document.
import type { Lang } from "../sheet/i18n/lang";
import { type PlainResultKey, resultMsg } from "../sheet/i18n/results";
import type { ReadResult } from "../sheet/read";
import { isEmptyCell } from "../sheet/values";
import type { Block, CellValue } from "../workbook/port";
import { render } from "../sheet/i18n/render";

export type NoRowsReason = "empty" | "headerOnly" | "noHeader" | "noneSelected" | "nonePosted";

const KEYS: Record<NoRowsReason, PlainResultKey> = {
  empty: "noRowsEmpty", headerOnly: "noRowsHeaderOnly", noHeader: "noRowsNoHeader", noneSelected: "noRowsSelected", nonePosted: "noRowsPosted",
};

export class NoRowsError extends Error {
  constructor(readonly reason: NoRowsReason, lang: Lang) {
    super(render(resultMsg(KEYS[reason]), lang));
    this.name = "NoRowsError";
  }
}

/** Why there is nothing to work on, or undefined when there is. Rows that hold data but make no
 * document (an empty document key) are not "nothing": their findings say what is wrong. */
export function noRowsReason(block: Block, read: ReadResult): NoRowsReason | undefined {
  if (read.documents.length > 0) return undefined;
  const filled = (row: readonly CellValue[] | undefined): boolean => (row ?? []).some((v) => !isEmptyCell(v));
  if (!block.values.some(filled)) return "empty";
  if (read.layout.headers.byColumn.size === 0) return "noHeader";
  if (!block.values.slice(1).some(filled)) return "headerOnly";
  return undefined;
}

/** Throws NoRowsError when the block gives nothing to work on; `picked`: the documents the user's
 * selected rows hold (act and update on a selection), when rows were picked; `posted`: how many of
 * the documents asked about have a record id (act and update work on those only). */
export function assertRows(block: Block, read: ReadResult, lang: Lang, picked?: number, posted?: number): void {
  const reason = noRowsReason(block, read) ?? (picked === 0 ? "noneSelected" : posted === 0 && picked === undefined ? "nonePosted" : undefined);
  if (reason) throw new NoRowsError(reason, lang);
}
