// Attach one file to the documents of the selected rows: the act job's attach action (shared with
// the CLI), answered in the pane's terms. Also: messages old Excel cannot attach to cells.
import type { DocSheetClient } from "../api";
import { actJob } from "../jobs/act";
import type { FileBytes } from "../jobs/attach";
import type { Progress } from "../jobs/types";
import type { Family } from "../rules/codes";
import type { Lang } from "../sheet/i18n/lang";
import type { ColumnMapping } from "../sheet/mapping";
import { readDocuments } from "../sheet/read";
import { resultColumns } from "../sheet/writeback";
import type { CellMark, CellWrite, ReadTarget, WorkbookPort } from "../workbook/port";

export async function attachToRows(
  port: WorkbookPort,
  client: DocSheetClient,
  opts: { family: Family; file: FileBytes; target?: ReadTarget; rows?: readonly number[]; signal?: AbortSignal; onProgress?: (p: Progress) => void; lang?: Lang },
): Promise<{ ok: number; skipped: number; failed: number }> {
  const outcome = await actJob(port, client, { ...opts, action: { kind: "attach", file: opts.file } });
  return { ok: outcome.done, skipped: outcome.skipped, failed: outcome.failed };
}

/**
 * Messages the host could not attach to their cells (no notes or comments before ExcelApi 1.10)
 * go into the `result` column of their rows, one line each.
 */
export async function writeUnplaced(
  port: WorkbookPort, blockSheet: string, layoutSource: Parameters<typeof readDocuments>[0], marks: CellMark[], mapping?: ColumnMapping,
): Promise<void> {
  if (marks.length === 0) return;
  const { layout } = readDocuments(layoutSource, { mapping });
  const { cols, headerWrites } = resultColumns(layout, ["result"]);
  const byRow = new Map<number, string[]>();
  for (const m of marks) byRow.set(m.row, [...(byRow.get(m.row) ?? []), m.message]);
  const writes: CellWrite[] = [...headerWrites, ...[...byRow].map(([row, messages]) => ({ row, col: cols.result!, values: [[messages.join("\n")]] }))];
  await port.write(blockSheet, writes);
}
