// The marker a post puts in a document's internalNotes, so a create whose answer was lost (or a
// run killed half-way) can be found again instead of created twice:
//
//   docsheet:<hash>:<documentKey>
//
// <hash> is 8 base-36 digits of FNV-1a over the sheet name and the document's own cells (header
// fields and lines, not the result columns), so the same key in another workbook or a changed
// document does not match; <documentKey> is the key (spaces as "_"), "row_N" without a key column.
import type { SheetDocument } from "./read";

export const MARKER_PREFIX = "docsheet:";

function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

const RESULT_FIELDS = new Set(["recordId", "documentSerial", "status", "result", "shareLink", "pdfFile"]);

export function documentMarker(sheet: string, doc: SheetDocument): string {
  const header = Object.entries(doc.fields)
    .filter(([k]) => !RESULT_FIELDS.has(k))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, c]) => `${k}=${String(c.value)}`);
  const lines = doc.lines.map((l) =>
    Object.entries(l.fields).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, c]) => `${k}=${String(c.value)}`).join("\u0001"),
  );
  const hash = fnv1a([sheet, ...header, "\u0002", ...lines].join("\u0000")).toString(36).padStart(7, "0");
  return `${MARKER_PREFIX}${hash}:${doc.key.replace(/\s+/g, "_")}`;
}

/** Whether a document's internalNotes carry this marker (as a whole line). */
export function hasMarker(internalNotes: unknown, marker: string): boolean {
  return typeof internalNotes === "string" && internalNotes.split(/\r?\n/).some((line) => line.trim() === marker);
}
