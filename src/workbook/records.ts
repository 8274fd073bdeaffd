// The records DocSheet keeps inside a workbook (post runs for undo, per-document data): text by key
// on a very hidden sheet, RECORDS_SHEET. A sheet, not workbook settings, because a sheet travels
// with the file in every host: Excel keeps settings per add-in in a part exceljs drops, so a record
// written by the command line would never reach the pane, and the reverse. Each host reads and
// writes the sheet; this module is the one layout they share: a header row, then [key, text] rows,
// a long text continued over several rows under the same key (a cell holds at most 32,767
// characters).
import type { CellValue } from "./port";

/** The record naming the sheet of a host's id (`sheetId`) as its records last knew it: a rename
 * keeps the id, so a sheet's records can follow it. Written with the records of a sheet made. */
export const sheetNameKey = (id: string): string => `sheet-name:${id}`;

/** A new sheet's records and, when there are any, the name its id finds them by. */
export function withSheetName(records: ReadonlyMap<string, string> | undefined, id: string | null | undefined, name: string): Map<string, string> {
  const out = new Map(records ?? []);
  if (out.size > 0 && id) out.set(sheetNameKey(id), name);
  return out;
}

/** The very hidden sheet holding DocSheet's records. */
export const RECORDS_SHEET = "DocSheet records";

/** Characters of a record per cell: under Excel's 32,767 a cell. */
export const RECORD_CHUNK = 30_000;

const HEADER: CellValue[] = ["key", "text"];

/** The sheet's rows → key → text. Rows that are not [text, text] are skipped: a damaged sheet loses
 * what it lost, not every record. */
export function parseRecords(rows: readonly (readonly CellValue[] | undefined)[]): Map<string, string> {
  const parts = new Map<string, string[]>();
  rows.forEach((row, i) => {
    if (i === 0 || !row) return;
    const [key, text] = row;
    if (typeof key !== "string" || key === "") return;
    const piece = typeof text === "string" ? text : typeof text === "number" || typeof text === "boolean" ? String(text) : "";
    const list = parts.get(key);
    if (list) list.push(piece);
    else parts.set(key, [piece]);
  });
  return new Map([...parts].map(([key, pieces]) => [key, pieces.join("")]));
}

/** key → text → the sheet's rows (header first). */
export function recordRows(records: ReadonlyMap<string, string>): CellValue[][] {
  const rows: CellValue[][] = [HEADER];
  for (const [key, text] of records) {
    for (const piece of chunks(text)) rows.push([key, piece]);
  }
  return rows;
}

/** Cuts a text into RECORD_CHUNK pieces, never between the halves of a surrogate pair (each cell
 * must hold valid text); an empty text is one empty piece. */
function chunks(text: string): string[] {
  if (text.length <= RECORD_CHUNK) return [text];
  const out: string[] = [];
  for (let start = 0; start < text.length;) {
    let end = Math.min(text.length, start + RECORD_CHUNK);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last < 0xdc00) end--;
    out.push(text.slice(start, end));
    start = end;
  }
  return out;
}

/** The records with one key set (text) or removed (null). */
export function withRecord(records: ReadonlyMap<string, string>, key: string, value: string | null): Map<string, string> {
  const next = new Map(records);
  if (value === null) next.delete(key);
  else next.set(key, value);
  return next;
}
