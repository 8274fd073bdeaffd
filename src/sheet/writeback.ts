// Results written back into the sheet: recordId, documentSerial, status, result (and share links,
// PDF files, the document an upgrade made) on every row of a document. Missing result columns are
// added at the right of the header, headed in the sheet's language: its labels in English or Thai
// ("Record id" / "รหัสเอกสารในระบบ", read back in either), or the wire names on a sheet headed by
// wire names (a sheet made before labels keeps its kind of headers); the fingerprint column hidden.
// After an action the service answers a document to (update, payment, status, upgrade), the sheet's
// own columns take every value the service holds otherwise (a due date, totals, VAT, line totals)
// and its fingerprint, so the row never shows what the service no longer has. Pure: returns the
// writes for the port to make.
import type { Block, CellValue, CellWrite } from "../workbook/port";
import { FIELD_BY_KEY, fieldForName } from "./fields";
import { fingerprintOf } from "./fingerprint";
import type { Lang } from "./i18n/lang";
import type { SheetDocument, SheetLayout } from "./read";
import type { ServiceCopy } from "./service-copy";
import { pulledCell } from "./pull";
import { COMPUTED, sameValue } from "./update";
import { isEmptyCell, type Parsed } from "./values";

export type ResultKey =
  | "recordId" | "documentSerial" | "status" | "result" | "shareLink" | "pdfFile"
  | "upgradedTo" | "upgradedRecordId" | "upgradedSerial" | "fingerprint";

export interface ResultColumns {
  cols: Partial<Record<ResultKey, number>>;
  /** Header cells to write for the columns that were missing. */
  headerWrites: CellWrite[];
}

const THAI = /[\u0E00-\u0E7F]/;

/** The language a sheet's headers speak: "key" when one of its field headers is spelled as a field's
 * key or wire name (`recordId`, `contactName`, `status`; not the label "Status"), Thai when one is in
 * Thai script, else English. */
export function headerLanguage(layout: SheetLayout): Lang | "key" {
  let thai = false;
  for (const [col, def] of layout.headers.byColumn) {
    const text = (layout.headers.texts[col - layout.headers.left] ?? "").replace(/\s+/g, "");
    if (fieldForName(text) && (text === def.key || text === def.wire)) return "key";
    if (THAI.test(text)) thai = true;
  }
  return thai ? "th" : "en";
}

/** The header a result column gets on a sheet of that language. */
export function resultHeader(key: ResultKey, lang: Lang | "key"): string {
  const def = FIELD_BY_KEY.get(key);
  return lang === "key" || !def ? key : def[lang][0];
}

/** Finds the result columns, adding the missing ones after the last header, headed in the sheet's
 * language. */
export function resultColumns(layout: SheetLayout, keys: readonly ResultKey[]): ResultColumns {
  const cols: Partial<Record<ResultKey, number>> = {};
  const headerWrites: CellWrite[] = [];
  const lang = headerLanguage(layout);
  let next = layout.headers.right + 1;
  for (const key of keys) {
    const existing = layout.headers.columns.get(key);
    if (existing !== undefined) cols[key] = existing;
    else {
      cols[key] = next;
      // The fingerprint is DocSheet's, not the user's to read: its column is hidden.
      headerWrites.push({ row: layout.headerRow, col: next, values: [[resultHeader(key, lang)]], ...(key === "fingerprint" ? { hideColumns: true } : {}) });
      next++;
    }
  }
  return { cols, headerWrites };
}

/** Writes `values` into the result columns of every row of a document. */
export function resultWrites(doc: SheetDocument, cols: ResultColumns["cols"], values: Partial<Record<ResultKey, CellValue>>): CellWrite[] {
  const writes: CellWrite[] = [];
  const entries = (Object.entries(values) as [ResultKey, CellValue][]).filter(([k]) => cols[k] !== undefined);
  for (const row of doc.rows) {
    for (const [key, value] of entries) writes.push({ row, col: cols[key]!, values: [[value]] });
  }
  return writes;
}

/**
 * The row as the service now holds its document, after an action the service answered with it
 * (update, payment, status, upgrade): each of the sheet's columns whose cell says otherwise than the
 * answer takes the answer's value (a due date the credit days moved, totals and VAT computed again,
 * line totals), and the fingerprint is the answer's, so the next update's preview and the next
 * refresh find no change that nobody made. Only columns the sheet has are written; a field the
 * answer does not carry keeps the row's value, except the computed figures (no withholding clears the
 * row's). A document field goes on the document's first row and on every other row of it that shows
 * one (a sheet that repeats header fields on each line row); line fields only when the sheet's lines
 * match the answer's one for one. Values as a pull writes them, in the sheet's language (a date kept
 * as text stays text). Status is the caller's (in the run's language).
 */
export function answerWrites(doc: SheetDocument, layout: SheetLayout, copy: ServiceCopy, block?: Block): CellWrite[] {
  const sheetLang = headerLanguage(layout);
  const lang = sheetLang === "key" ? undefined : sheetLang;
  const writes: CellWrite[] = [];
  const held = (row: number, col: number): CellValue | undefined => block?.values[row - block.top]?.[col - block.left];
  const shown = (row: number, col: number): boolean => {
    const v = held(row, col);
    return v !== undefined && !isEmptyCell(v);
  };
  const cellOf = (key: string, value: Parsed | undefined, row: number, col: number): CellValue => {
    if (value === undefined) return null;
    if (FIELD_BY_KEY.get(key)?.kind === "date" && typeof held(row, col) === "string") return String(value);
    return pulledCell(key, value, lang);
  };
  const lines = copy.linesKnown && copy.lines.length === doc.lines.length;
  for (const [key, col] of layout.headers.columns) {
    const level = FIELD_BY_KEY.get(key)?.level;
    if (level === "document") {
      const theirs = copy.fields[key]?.value;
      // A figure the service does not keep (no withholding) clears the sheet's only where it held one.
      if (!COMPUTED.has(key) && (theirs === undefined || sameValue(doc.fields[key]?.value, theirs))) continue;
      for (const row of doc.rows) if (row === doc.firstRow || shown(row, col)) writes.push({ row, col, values: [[cellOf(key, theirs, row, col)]] });
    } else if (level === "item" && lines) {
      doc.lines.forEach((line, i) => {
        const theirs = copy.lines[i].fields[key];
        const mine = line.fields[key]?.value;
        // An account shown by the code people know is the same account.
        if (!theirs || sameValue(mine, theirs.value) || (theirs.alias !== undefined && sameValue(mine, theirs.alias))) return;
        writes.push({ row: line.row, col, values: [[cellOf(key, theirs.alias ?? theirs.value, line.row, col)]] });
      });
    }
  }
  const print = layout.headers.columns.get("fingerprint");
  if (print !== undefined && copy.linesKnown) for (const row of doc.rows) writes.push({ row, col: print, values: [[fingerprintOf(copy)]] });
  return writes;
}
