// Attach one file to the documents of the selected rows (the act job has no attach yet), and
// write what happened into each document's `result` cells.
import { ApiError, type DocSheetClient } from "../api";
import type { Family } from "../rules/codes";
import { readDocuments } from "../sheet/read";
import { resultColumns, resultWrites } from "../sheet/writeback";
import type { CellMark, CellWrite, ReadTarget, WorkbookPort } from "../workbook/port";
import type { Progress } from "../jobs/types";

const TYPES: Record<string, string> = {
  pdf: "application/pdf", png: "image/png", jpg: "image/jpeg", jpeg: "image/jpeg", bmp: "image/bmp",
  doc: "application/msword", docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xls: "application/vnd.ms-excel", xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ppt: "application/vnd.ms-powerpoint", pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
};

export function mimeType(fileName: string): string {
  return TYPES[fileName.toLowerCase().split(".").pop() ?? ""] ?? "application/octet-stream";
}

export async function attachToRows(
  port: WorkbookPort,
  client: DocSheetClient,
  opts: { family: Family; file: { name: string; bytes: Uint8Array }; target?: ReadTarget; rows?: readonly number[]; signal?: AbortSignal; onProgress?: (p: Progress) => void },
): Promise<{ ok: number; failed: number }> {
  const block = await port.read(opts.target);
  const read = readDocuments(block);
  const wanted = opts.rows ? new Set(opts.rows) : undefined;
  const docs = read.documents.filter((d) => d.fields.recordId && (!wanted || d.rows.some((r) => wanted.has(r))));
  const { cols, headerWrites } = resultColumns(read.layout, ["result"]);
  const writes: CellWrite[] = [...headerWrites];
  const api = client.documents(opts.family);
  let ok = 0;
  let failed = 0;
  for (const doc of docs) {
    if (opts.signal?.aborted) break;
    try {
      await api.attach(String(doc.fields.recordId.value), { name: opts.file.name, type: mimeType(opts.file.name), data: opts.file.bytes }, { signal: opts.signal });
      writes.push(...resultWrites(doc, cols, { result: `attached ${opts.file.name}` }));
      ok++;
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      writes.push(...resultWrites(doc, cols, { result: err.message }));
      failed++;
    }
    opts.onProgress?.({ done: ok + failed, total: docs.length });
  }
  if (writes.length > headerWrites.length) await port.write(block.sheet, writes);
  return { ok, failed };
}

/**
 * Messages the host could not attach to their cells (no notes or comments before ExcelApi 1.10)
 * go into the `result` column of their rows, one line each.
 */
export async function writeUnplaced(port: WorkbookPort, blockSheet: string, layoutSource: Parameters<typeof readDocuments>[0], marks: CellMark[]): Promise<void> {
  if (marks.length === 0) return;
  const { layout } = readDocuments(layoutSource);
  const { cols, headerWrites } = resultColumns(layout, ["result"]);
  const byRow = new Map<number, string[]>();
  for (const m of marks) byRow.set(m.row, [...(byRow.get(m.row) ?? []), m.message]);
  const writes: CellWrite[] = [...headerWrites, ...[...byRow].map(([row, messages]) => ({ row, col: cols.result!, values: [[messages.join("\n")]] }))];
  await port.write(blockSheet, writes);
}
