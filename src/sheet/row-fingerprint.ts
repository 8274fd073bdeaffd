// The fingerprint a pulled row of a book or certificate keeps (the hidden fingerprint column):
//
//   <the family's fingerprint of the service's copy>.<4 base64url characters per pulled column>
//
// The first part is what post and update keep (the entry's proof: b1.<16 hex> for books,
// books/fingerprint.ts; w1.<16 hex> for certificates, wht-fingerprint.ts): a copy changed on the
// service since no longer has it. The per-column hashes are of the cells the pull wrote, so refresh tells
// which columns were edited in the sheet since (the sheet's cells against them) from those the
// service changed (the copy's cells now against them), as the documents' per-field hashes do
// (fingerprint.ts). Update writes this form for the copy it sent; a fingerprint without the hashes
// (written by post) tells the copy only. Pure.
import type { Json } from "../rules/json";
import type { CellValue } from "../workbook/port";
import { bookFingerprint } from "./books/fingerprint";
import { fnv1a } from "./fingerprint";
import type { FieldDef } from "./fields";
import { isEmptyCell, parseCell } from "./values";

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const WIDTH = 4;
const FORM = /^([bw]1\.[0-9a-f]{16})(?:\.([0-9A-Za-z_-]+))?$/;
/** A column's cells as one text, each cell as its field reads it (values.ts): a word and its code,
 * English or Thai, a date as a Date or as Excel's serial number, are one value. */
export function cellsText(cells: readonly CellValue[], def: FieldDef | undefined): string {
  const one = (v: CellValue): string => {
    if (isEmptyCell(v)) return "";
    const read = def ? parseCell(def, v) : undefined;
    if (read?.ok) return typeof read.value === "boolean" ? (read.value ? "1" : "0") : String(read.value);
    if (v instanceof Date) return v.toISOString().slice(0, 10);
    return String(v).trim();
  };
  return `${cells.length}\u0001${cells.map(one).join("\u0001")}`;
}

const hashOf = (text: string): string => {
  const h = fnv1a(text, 0x6b43a9b5) >>> 8;
  return [18, 12, 6, 0].map((s) => B64[(h >>> s) & 63]).join("");
};

/** Columns a pull or refresh writes but no hash covers: the fingerprint itself, and the row's result. */
const UNHASHED = new Set(["fingerprint", "result"]);

/** The columns of a pull's `keys` the hashes cover, in their order. */
export const hashedKeys = (keys: readonly string[]): string[] => keys.filter((k) => !UNHASHED.has(k));

/** A record's rows by column key with its fingerprint on the first, where the pull's `keys` have one;
 * `print`: the family's fingerprint of the copy (its proof's; default the books'). */
export function withRowFingerprint(
  keys: readonly string[], defOf: (key: string) => FieldDef | undefined, record: Json, rows: Record<string, CellValue>[],
  print: (record: Json) => string = bookFingerprint,
): Record<string, CellValue>[] {
  if (!keys.includes("fingerprint") || rows.length === 0) return rows;
  const texts = hashedKeys(keys).map((k) => cellsText(rows.map((r) => r[k] ?? null), defOf(k)));
  return [{ ...rows[0], fingerprint: `${print(record)}.${texts.map(hashOf).join("")}` }, ...rows.slice(1)];
}

export interface KeptRow {
  /** The family's fingerprint of the copy the row was in step with. */
  record: string;
  /** Each pulled column's hash, when the row was written by a pull or a refresh. */
  columns?: string[];
}

/** A fingerprint cell's parts, or null for anything else (empty, typed over). */
export function keptRow(v: unknown, columns: number): KeptRow | null {
  const m = typeof v === "string" ? FORM.exec(v.trim()) : null;
  if (!m) return null;
  if (m[2] === undefined || m[2].length !== columns * WIDTH) return { record: m[1] };
  return { record: m[1], columns: Array.from({ length: columns }, (_, i) => m[2].slice(i * WIDTH, (i + 1) * WIDTH)) };
}

/** Whether a column's cells are still what a kept hash was taken of. */
export const sameCells = (text: string, hash: string): boolean => hashOf(text) === hash;
